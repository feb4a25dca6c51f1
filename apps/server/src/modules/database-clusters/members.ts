import type { Database, Db } from '../../db/client.ts';
import { badInput, notFound } from '../../errors.ts';
import type {
  CloudDatabaseClusterResourceInput,
  DatabaseInput,
  DatabaseUserInput,
} from '../../generated/resolvers-types.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { authorizeReveal } from '../accounts/authorize.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { createAuditStore } from '../audit/store.ts';
import type { ClusterChanges } from './contents.ts';
import { createClusterStore, type ClusterRow, type ClusterUserRow } from './store.ts';

// A cluster's users and databases, each changed through the cluster (its lock covers them), and the one
// call that reveals a user's password.

/** A user as the API shows it: with its cluster (for the DSN), and its password only from credentials. */
export interface UserView {
  cluster: ClusterRow;
  user: ClusterUserRow;
  /** Names of the cluster's databases (the admin's permissions, the DSN's default database). */
  databases: string[];
  password: string | null;
}

export function createClusterMembers(deps: {
  database: Database;
  secretBox: SecretBox;
  changes: ClusterChanges;
  /** The customer's cluster; NOT_FOUND for any other. */
  find: (account: AccountWithCustomer, input: CloudDatabaseClusterResourceInput) => Promise<ClusterRow>;
  /** The cluster locked for a change in tx; CONFLICT while an earlier one is applied. */
  lockedCluster: (
    tx: Db,
    account: AccountWithCustomer,
    input: CloudDatabaseClusterResourceInput,
  ) => Promise<ClusterRow>;
}) {
  const { database, secretBox, find, lockedCluster } = deps;
  const { contentsOf, change } = deps.changes;

  async function userView(
    db: Db,
    cluster: ClusterRow,
    name: string,
    withPassword: boolean,
  ): Promise<UserView> {
    const txStore = createClusterStore(db);
    const [users, databases] = await Promise.all([
      txStore.usersOf([cluster.id]),
      txStore.databasesOf([cluster.id]),
    ]);
    const user = users.get(cluster.id)?.find((row) => row.name === name);
    if (!user) throw notFound(`User ${name} of database cluster ${cluster.name}`);
    return {
      cluster,
      user,
      databases: (databases.get(cluster.id) ?? []).map((row) => row.name),
      password: withPassword ? secretBox.decryptSecret(user.passwordEncrypted) : null,
    };
  }

  return {
    async createUser(
      account: AccountWithCustomer,
      input: { cluster: CloudDatabaseClusterResourceInput; user: DatabaseUserInput },
    ) {
      return database.db.transaction(async (tx) => {
        const cluster = await lockedCluster(tx, account, input.cluster);
        const { users } = await contentsOf(tx, cluster.id);
        if (users.some((user) => user.name === input.user.name)) {
          throw badInput(
            'user.name',
            `User ${input.user.name} already exists in database cluster ${cluster.name}`,
          );
        }
        const updated = await change(tx, account, cluster, { users: [{ ...input.user, state: 'PRESENT' }] });
        return userView(tx, updated, input.user.name, false);
      });
    },

    async modifyUser(
      account: AccountWithCustomer,
      input: { cluster: CloudDatabaseClusterResourceInput; user: DatabaseUserInput },
    ) {
      return database.db.transaction(async (tx) => {
        const cluster = await lockedCluster(tx, account, input.cluster);
        await userView(tx, cluster, input.user.name, false);
        const updated = await change(tx, account, cluster, { users: [{ ...input.user, state: 'PRESENT' }] });
        return userView(tx, updated, input.user.name, false);
      });
    },

    async deleteUser(
      account: AccountWithCustomer,
      input: { cluster: CloudDatabaseClusterResourceInput; name: string },
    ) {
      return database.db.transaction(async (tx) => {
        const cluster = await lockedCluster(tx, account, input.cluster);
        await userView(tx, cluster, input.name, false);
        await change(tx, account, cluster, {
          users: [{ name: input.name, state: 'ABSENT', permissions: [] }],
        });
        return true;
      });
    },

    async createDatabase(
      account: AccountWithCustomer,
      input: { cluster: CloudDatabaseClusterResourceInput; database: DatabaseInput },
    ) {
      return database.db.transaction(async (tx) => {
        const cluster = await lockedCluster(tx, account, input.cluster);
        const { databases } = await contentsOf(tx, cluster.id);
        if (databases.some((row) => row.name === input.database.name)) {
          throw badInput(
            'database.name',
            `Database ${input.database.name} already exists in database cluster ${cluster.name}`,
          );
        }
        await change(tx, account, cluster, { databases: [{ ...input.database, state: 'PRESENT' }] });
        const created = (await createClusterStore(tx).databasesOf([cluster.id]))
          .get(cluster.id)
          ?.find((row) => row.name === input.database.name);
        if (!created)
          throw new Error(`database ${input.database.name} vanished while its cluster was locked`);
        return created;
      });
    },

    async deleteDatabase(
      account: AccountWithCustomer,
      input: { cluster: CloudDatabaseClusterResourceInput; name: string },
    ) {
      return database.db.transaction(async (tx) => {
        const cluster = await lockedCluster(tx, account, input.cluster);
        const { databases } = await contentsOf(tx, cluster.id);
        if (!databases.some((row) => row.name === input.name)) {
          throw notFound(`Database ${input.name} of database cluster ${cluster.name}`);
        }
        await change(tx, account, cluster, { databases: [{ name: input.name, state: 'ABSENT' }] });
        return true;
      });
    },

    /** The user with its password: the only way a password comes back; every call is an audit entry. */
    async credentials(
      account: AccountWithCustomer,
      input: CloudDatabaseClusterResourceInput,
      username: string,
    ) {
      authorizeReveal(account);
      const cluster = await find(account, input);
      const view = await userView(database.db, cluster, username, true);
      await createAuditStore(database.db).insert({
        customerId: account.customerId,
        accountId: account.id,
        eventType: 'reveal',
        // On the cluster, so that the reveal is among its events; the user is named in the tags.
        modelName: 'CloudDatabaseCluster',
        modelId: cluster.id,
        changeSet: [],
        tags: [`cluster:${cluster.name}`, `user:${username}`],
      });
      return view;
    },

    /** A user of a cluster as the API shows it (without its password). */
    userView: (cluster: ClusterRow, user: ClusterUserRow, databases: string[]): UserView => ({
      cluster,
      user,
      databases,
      password: null,
    }),
  };
}
