import {
  REGISTRY_PASSWORD_MAX,
  REGISTRY_USERNAME_MAX,
  registryPasswordProblem,
  registryUsernameProblem,
} from '@berth/rules';
import { containedKind } from '../namespaces/contained.ts';
import { batchLoader, groupBy } from '../../batching.ts';
import type { Database, Db } from '../../db/client.ts';
import { badInput, busy, notFound } from '../../errors.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { queuedChanges } from '../audit/queued-change.ts';
import { namespaceForChange, type NamespaceService } from '../namespaces/service.ts';
import { nameProblem } from '../namespaces/rules.ts';
import { createNamespaceStore } from '../namespaces/store.ts';
import { parseRegistrySource } from './source.ts';
import { createRegistryStore, type RegistryRow } from './store.ts';
import type { RegistryCheck } from './verify.ts';

/** What the audit log records of a registry: never the password, not even encrypted. */
const audited = (row: RegistryRow | null) =>
  row && { name: row.name, source: row.source, username: row.username };

export interface RegistryInput {
  namespace: string;
  name: string;
  source: string;
  username: string;
  password: string;
  verify?: boolean | null;
}

/**
 * The registry a container or job pulls its image through, for the containers module (in its transaction):
 * NOT_FOUND when the namespace has none of that name, BAD_USER_INPUT while it is being deleted.
 */
export async function findRegistryForUse(tx: Db, namespaceId: number, name: string): Promise<RegistryRow> {
  const row = await createRegistryStore(tx).findByNameForUpdate(namespaceId, name);
  if (!row || row.state === 'deleting') {
    const namespace = await createNamespaceStore(tx).findAnyById(namespaceId);
    const where = `namespace ${namespace?.name ?? namespaceId}`;
    if (!row) throw notFound(`Registry ${name} in ${where}`);
    throw badInput('registry', `registry ${name} is being deleted from ${where}`);
  }
  return row;
}

export function createRegistryService(deps: {
  database: Database;
  provisioner: Provisioner;
  secretBox: SecretBox;
  namespaces: NamespaceService;
  check: RegistryCheck;
  allowHttp: boolean;
}) {
  const { database, provisioner, secretBox, namespaces, check } = deps;
  const store = createRegistryStore(database.db);
  const recordQueued = queuedChanges(provisioner, { modelName: 'PrivateRegistry', taskKind: 'registry' });

  /** Everything about the input that needs no database and no network, so bad input costs nothing. */
  function validated(input: RegistryInput) {
    const name = input.name.trim();
    const problem = nameProblem(name);
    if (problem) throw badInput('name', `Registry ${problem}`);
    const parsed = parseRegistrySource(input.source.trim(), { allowHttp: deps.allowHttp });
    if ('problem' in parsed) throw badInput('source', `Registry ${parsed.problem}`);
    const username = input.username.trim();
    const usernameProblem = registryUsernameProblem(username);
    if (usernameProblem === 'empty') throw badInput('username', 'Registry username is required');
    if (usernameProblem === 'too-long') {
      throw badInput('username', `Registry username must be at most ${REGISTRY_USERNAME_MAX} characters`);
    }
    const passwordProblem = registryPasswordProblem(input.password);
    if (passwordProblem === 'empty') throw badInput('password', 'Registry password is required');
    if (passwordProblem === 'too-long') {
      throw badInput('password', `Registry password must be at most ${REGISTRY_PASSWORD_MAX} characters`);
    }
    return { name, source: input.source.trim(), parsed: parsed.source, username, password: input.password };
  }

  /** Marks the registry deleting and hands it to the provisioner, in the change's transaction. */
  async function startDelete(tx: Db, account: AccountWithCustomer, row: RegistryRow) {
    await createRegistryStore(tx).update(row.id, { state: 'deleting', locked: true });
    await recordQueued(tx, account, 'delete', row, audited(row), null);
  }

  return {
    /** The registries of a namespace given by id or name (another customer's: not found). */
    async list(
      account: AccountWithCustomer,
      where: { namespaceId?: string | null; namespace?: string | null },
    ) {
      const namespace = await namespaces.find(account, { id: where.namespaceId, name: where.namespace });
      return store.listByNamespaces([namespace.id]);
    },

    /** Registries of namespaces the caller has already found (Namespace.privateRegistries), batched. */
    namespaceRegistriesLoader: () =>
      batchLoader(
        async (ids: number[]) => groupBy(await store.listByNamespaces(ids), (row) => row.namespaceId),
        [],
      ),

    async create(account: AccountWithCustomer, input: RegistryInput) {
      const registry = validated(input);
      // Cheap refusals first: the sign-in below takes a network round trip or several.
      const namespace = await namespaces.find(account, { name: input.namespace });
      const duplicate = () =>
        badInput('name', `A registry named ${registry.name} already exists in namespace ${namespace.name}`);
      if (await store.findByName(namespace.id, registry.name)) throw duplicate();
      if (input.verify !== false) await check(registry.parsed, registry);

      return database.db.transaction(async (tx) => {
        const locked = await namespaceForChange(tx, account.customerId, input.namespace);
        const txStore = createRegistryStore(tx);
        if (await txStore.findByName(locked.id, registry.name)) throw duplicate();
        const row = await txStore.insert({
          namespaceId: locked.id,
          name: registry.name,
          source: registry.source,
          username: registry.username,
          passwordEncrypted: secretBox.encryptSecret(registry.password),
        });
        await recordQueued(tx, account, 'create', row, null, audited(row));
        return row;
      });
    },

    async delete(account: AccountWithCustomer, input: { name: string; namespace: string }) {
      const namespace = await namespaces.find(account, { name: input.namespace });
      return database.db.transaction(async (tx) => {
        const txStore = createRegistryStore(tx);
        const row = await txStore.findByNameForUpdate(namespace.id, input.name);
        if (!row) throw notFound(`Registry ${input.name}`);
        if (row.locked) throw busy('Registry', row);
        const users = await txStore.usedBy(row.id);
        if (users.length > 0) {
          throw badInput(
            'name',
            `registry ${row.name} is used by ${users.join(', ')}; change or delete them first`,
          );
        }
        await startDelete(tx, account, row);
        return true;
      });
    },

    /** Starts deleting the registries of a namespace being emptied; each waits for the workloads using it. */
    contained: containedKind({
      kind: 'Registry',
      rowsIn: (tx, id) => createRegistryStore(tx).listByNamespaces([id]),
      startDelete: (tx, account, row) => startDelete(tx, account, row),
    }),
  };
}

export type RegistryService = ReturnType<typeof createRegistryService>;
