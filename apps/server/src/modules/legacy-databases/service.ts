import { ALLOWLIST_MAX, allowlistEntryProblem } from '@berth/rules';
import type { Database } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, notFound } from '../../errors.ts';
import type { MutationCreateCloudDatabaseArgs } from '../../generated/resolvers-types.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { recordChange } from '../audit/store.ts';
import { databaseNameProblem, passwordProblem, userNameProblem } from '../database-clusters/rules.ts';
import { LEGACY_NODE_TYPES } from '../pricing/database-plans.ts';
import { DATABASE_VERSIONS, LOCATIONS } from './reference.ts';
import { createLegacyDatabaseStore } from './store.ts';

/** A reference item named by its id or by its key, as clients pass either. */
const byIdOrKey = <T extends { id: number; key: string }>(items: readonly T[], value: string) =>
  items.find((item) => String(item.id) === value || item.key === value);

/** Legacy (single-node) cloud databases: listed, read and created; addressed by numeric id. */
export function createLegacyDatabaseService(deps: {
  database: Database;
  provisioner: Provisioner;
  secretBox: SecretBox;
  appsDomain: string;
}) {
  const { database, provisioner, secretBox } = deps;
  const store = createLegacyDatabaseStore(database.db);

  function checked(account: AccountWithCustomer, input: MutationCreateCloudDatabaseArgs) {
    if (input.customerId !== String(account.customerId)) throw notFound(`Customer ${input.customerId}`);
    const nameProblem = databaseNameProblem(input.name);
    if (nameProblem) throw badInput('name', nameProblem);
    const userProblem = userNameProblem(input.username);
    if (userProblem) throw badInput('username', userProblem);
    const secretProblem = passwordProblem(input.password);
    if (secretProblem) throw badInput('password', `The ${secretProblem}`);
    const version = byIdOrKey(DATABASE_VERSIONS, input.version);
    if (!version) throw badInput('version', `Unknown version ${input.version}; databaseVersions lists them`);
    const nodeType = byIdOrKey(LEGACY_NODE_TYPES, input.nodeType);
    if (!nodeType) throw badInput('nodeType', `Unknown node type ${input.nodeType}; nodeTypes lists them`);
    const location = LOCATIONS.find((candidate) => candidate.id === input.location);
    if (!location) throw badInput('location', `Unknown location ${input.location}; locations lists them`);
    const whitelist = input.whitelist.map((entry) => entry.trim());
    if (whitelist.length > ALLOWLIST_MAX) {
      throw badInput('whitelist', `whitelist holds at most ${ALLOWLIST_MAX} entries`);
    }
    const wrong = whitelist.find((entry) => allowlistEntryProblem(entry) !== undefined);
    if (wrong !== undefined) {
      throw badInput('whitelist', `whitelist entry ${wrong} is not an IP address or a network (10.0.0.0/8)`);
    }
    return { version, nodeType, location, whitelist };
  }

  return {
    list: (account: AccountWithCustomer) => store.listByCustomer(account.customerId),

    /** The customer's database, or null (API.md: `cloudDatabase(id): CloudDatabase`, nullable). */
    async find(account: AccountWithCustomer, id: string) {
      const key = rowId(id);
      return (key === undefined ? undefined : await store.findById(account.customerId, key)) ?? null;
    },

    async create(account: AccountWithCustomer, input: MutationCreateCloudDatabaseArgs) {
      const { version, nodeType, location, whitelist } = checked(account, input);
      return database.db.transaction(async (tx) => {
        const txStore = createLegacyDatabaseStore(tx);
        const row = await txStore.insert({
          customerId: account.customerId,
          name: input.name,
          hostname: '',
          username: input.username,
          passwordEncrypted: secretBox.encryptSecret(input.password),
          versionId: version.id,
          nodeTypeId: nodeType.id,
          locationId: location.id,
          whitelist,
        });
        const hostname = `db-${row.id}.${location.name.toLowerCase()}.db.${deps.appsDomain}`;
        await txStore.update(row.id, { hostname });
        await recordChange(tx, account, {
          eventType: 'create',
          modelName: 'CloudDatabase',
          modelId: row.id,
          before: null,
          after: {
            name: row.name,
            username: row.username,
            version: version.key,
            nodeType: nodeType.key,
            location: location.name,
            whitelist: whitelist.join(', '),
          },
        });
        await provisioner.enqueue(tx, { kind: 'cloudDatabase', id: row.id, action: 'create' });
        return { ...row, hostname };
      });
    },
  };
}

export type LegacyDatabaseService = ReturnType<typeof createLegacyDatabaseService>;
