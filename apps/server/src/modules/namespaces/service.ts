import { randomBytes } from 'node:crypto';
import type { ContainedKind } from './contained.ts';
import { batchLoader } from '../../batching.ts';
import type { Database, Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, busy, conflict, forbidden, notFound } from '../../errors.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import { onFreeStart } from '../accounts/authorize.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { queuedChanges } from '../audit/queued-change.ts';
import { nameProblem } from './rules.ts';
import { createNamespaceStore, type Holdings, type NamespaceRow } from './store.ts';

const MAX_DESCRIPTION = 1000;

/** What the audit log records of a namespace. */
const audited = (row: NamespaceRow | null) =>
  row && { name: row.name, description: row.description, state: row.state };

/** `2 containers, 1 registry and 1 volume`, or '' when the namespace is empty. */
function holdingsText(counts: Holdings) {
  const parts = (
    [
      [counts.containers, 'container'],
      [counts.jobs, 'container job'],
      [counts.registries, 'registry', 'registries'],
      [counts.volumes, 'volume'],
      [counts.databaseClusters, 'database cluster'],
      [counts.messageQueues, 'message queue'],
    ] as const
  )
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : (many ?? `${one}s`)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/**
 * The customer's namespace a resource is being added to, locked until the transaction ends so that a
 * namespace delete cannot miss the new resource. Another customer's namespace is not found.
 */
export async function namespaceForChange(tx: Db, customerId: number, name: string): Promise<NamespaceRow> {
  const row = await createNamespaceStore(tx).findByNameForUpdate(customerId, name);
  if (!row) throw notFound(`Namespace ${name}`);
  if (row.state === 'deleting') throw conflict(`Namespace ${name} is being deleted`);
  return row;
}

/**
 * What a namespace holds, as the modules of its resources delete it: each kind on its own asynchronous
 * path (their provisioning waits for what uses them: workloads, then volumes and registries).
 */
export type NamespaceContents = () => readonly ContainedKind[];

export function createNamespaceService(deps: {
  database: Database;
  provisioner: Provisioner;
  contents: NamespaceContents;
}) {
  const { database, provisioner, contents } = deps;
  const store = createNamespaceStore(database.db);
  const recordQueued = queuedChanges(provisioner, { modelName: 'Namespace', taskKind: 'namespace' });

  async function find(account: AccountWithCustomer, where: { id?: string | null; name?: string | null }) {
    if (where.id != null) {
      const id = rowId(where.id);
      const row = id === undefined ? undefined : await store.findById(account.customerId, id);
      if (!row) throw notFound(`Namespace ${where.id}`);
      return row;
    }
    if (where.name != null) {
      const row = await store.findByName(account.customerId, where.name);
      if (!row) throw notFound(`Namespace ${where.name}`);
      return row;
    }
    throw badInput('id', 'Give the namespace id or name');
  }

  return {
    list: (account: AccountWithCustomer) => store.listByCustomer(account.customerId),
    find,

    /** The account's namespaces by id, batched for one request; another customer's are undefined. */
    loader: (account: AccountWithCustomer) =>
      batchLoader((ids: number[]) => store.findManyById(account.customerId, ids), undefined),

    async create(account: AccountWithCustomer, input: { name: string; description?: string | null }) {
      const name = input.name.trim();
      const description = (input.description ?? '').trim();
      const problem = nameProblem(name);
      if (problem) throw badInput('name', `Namespace ${problem}`);
      if (description.length > MAX_DESCRIPTION) {
        throw badInput('description', `Namespace description must be at most ${MAX_DESCRIPTION} characters`);
      }

      return database.db.transaction(async (tx) => {
        const txStore = createNamespaceStore(tx);
        await txStore.lockCustomer(account.customerId);
        if (onFreeStart(account) && (await txStore.countByCustomer(account.customerId)) > 0) {
          throw forbidden('Without a subscription you can have one namespace; subscribe to create more');
        }
        if (await txStore.findByName(account.customerId, name)) {
          throw badInput('name', `A namespace named ${name} already exists`);
        }
        const row = await txStore.insert({
          customerId: account.customerId,
          name,
          description,
          internalName: `ns-${randomBytes(6).toString('hex')}`,
        });
        await recordQueued(tx, account, 'create', { id: row.id, namespaceId: row.id }, null, audited(row));
        return row;
      });
    },

    /** Deletes an empty namespace; with `deleteResources`, everything in it first. */
    async delete(account: AccountWithCustomer, input: { name: string; deleteResources?: boolean | null }) {
      return database.db.transaction(async (tx) => {
        const txStore = createNamespaceStore(tx);
        await txStore.lockCustomer(account.customerId);
        const row = await txStore.findByName(account.customerId, input.name);
        if (!row) throw notFound(`Namespace ${input.name}`);
        if (row.locked) throw busy('Namespace', row);
        const held = holdingsText(await txStore.holdings(row.id));
        if (held && !input.deleteResources) {
          throw badInput('name', `Namespace ${row.name} still holds ${held}; delete them first`);
        }
        if (held) for (const kind of contents()) await kind.deleteAllIn(tx, account, row);
        const updated = await txStore.update(row.id, { state: 'deleting', locked: true });
        await recordQueued(tx, account, 'delete', { id: row.id, namespaceId: row.id }, audited(row), null);
        return Boolean(updated);
      });
    },
  };
}

export type NamespaceService = ReturnType<typeof createNamespaceService>;
