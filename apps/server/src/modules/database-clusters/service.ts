import { randomBytes } from 'node:crypto';
import { batchLoader, groupBy } from '../../batching.ts';
import type { Database, Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, busy, notFound } from '../../errors.ts';
import type {
  CloudDatabaseClusterCreateInput,
  CloudDatabaseClusterModifyInput,
  CloudDatabaseClusterResourceInput,
  DatabaseInput,
  DatabaseUserInput,
} from '../../generated/resolvers-types.ts';
import type { DatabaseClusterDriver } from '../../provisioning/database-cluster-driver.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { createAuditStore, recordChange } from '../audit/store.ts';
import { endPlanOfResource } from '../billing/service.ts';
import { namespaceForChange, type NamespaceService } from '../namespaces/service.ts';
import { nameProblem } from '../namespaces/rules.ts';
import type { NamespaceRow } from '../namespaces/store.ts';
import { patchClusterContents, type ClusterContents } from './patch.ts';
import { createClusterPayment } from './payment.ts';
import { ADMIN_USER, findPlan, findVersion } from './rules.ts';
import { createClusterStore, type ClusterRow, type ClusterUserRow } from './store.ts';
import { ENGINE_VERSIONS } from './versions.ts';

/** A user as the API shows it: with its cluster (for the DSN), and its password only from credentials. */
export interface UserView {
  cluster: ClusterRow;
  user: ClusterUserRow;
  /** Names of the cluster's databases (the admin's permissions, the DSN's default database). */
  databases: string[];
  password: string | null;
}

/** A password generated for a user created without one: 24 characters of base64url. */
const generatePassword = () => randomBytes(18).toString('base64url');

/** What the audit log records of a cluster: never a password, only that one was set. */
function audited(cluster: ClusterRow, contents: ClusterContents | null) {
  if (!contents) return null;
  const present = <T extends { status: string }>(items: T[]) =>
    items.filter((item) => item.status !== 'deleting');
  const record: Record<string, string> = {
    name: cluster.name,
    plan: cluster.planId,
    engine: `${cluster.engine} ${cluster.version}`,
    databases: present(contents.databases)
      .map((database) => database.name)
      .join(', '),
    users: present(contents.users)
      .map((user) =>
        user.role === 'admin'
          ? `${user.name} (admin)`
          : `${user.name} (${user.permissions.map((grant) => `${grant.databaseName} ${grant.permission}`).join(', ') || 'no access'})`,
      )
      .join('; '),
  };
  for (const user of contents.users) {
    if (user.newPassword !== undefined) record[`password of ${user.name}`] = 'changed';
  }
  return record;
}

const versionList = () => ENGINE_VERSIONS.map((version) => `${version.type} ${version.version}`).join(', ');

export function createDatabaseClusterService(deps: {
  database: Database;
  provisioner: Provisioner;
  secretBox: SecretBox;
  namespaces: NamespaceService;
  driver: DatabaseClusterDriver;
  unpaidGraceDays: number;
}) {
  const { database, provisioner, secretBox, namespaces, driver } = deps;
  const payment = createClusterPayment({ database, provisioner, graceDays: deps.unpaidGraceDays });
  const store = createClusterStore(database.db);

  /** The customer's cluster by namespace and name; another customer's is not found, like a missing one. */
  async function find(account: AccountWithCustomer, input: CloudDatabaseClusterResourceInput) {
    const namespace = await namespaces.find(account, { name: input.namespace });
    const row = await store.findByName(namespace.id, input.name);
    if (!row) throw notFound(`Database cluster ${input.name}`);
    return row;
  }

  /** The cluster, row locked for a change in tx; CONFLICT while the provisioner applies an earlier one. */
  async function lockedCluster(
    tx: Db,
    account: AccountWithCustomer,
    input: CloudDatabaseClusterResourceInput,
  ) {
    const namespace = await namespaceForChange(tx, account.customerId, input.namespace);
    const row = await createClusterStore(tx).findByNameForUpdate(namespace.id, input.name);
    if (!row) throw notFound(`Database cluster ${input.name}`);
    if (row.locked) throw busy('Database cluster', row);
    return row;
  }

  async function contentsOf(tx: Db, clusterId: number): Promise<ClusterContents> {
    const txStore = createClusterStore(tx);
    const [databases, users] = await Promise.all([
      txStore.databasesOf([clusterId]),
      txStore.usersOf([clusterId]),
    ]);
    return {
      databases: (databases.get(clusterId) ?? []).map((row) => ({ ...row, changed: false })),
      users: (users.get(clusterId) ?? []).map((row) => ({ ...row, changed: false })),
    };
  }

  /** Stores what changed of the contents (new rows, changed rows) in tx. */
  async function storeContents(tx: Db, clusterId: number, contents: ClusterContents) {
    const txStore = createClusterStore(tx);
    const changedDatabases = contents.databases.filter((database) => database.changed);
    await txStore.insertDatabases(
      changedDatabases
        .filter((database) => database.id === undefined)
        .map(({ name, description, status }) => ({ clusterId, name, description, status })),
    );
    for (const database of changedDatabases) {
      if (database.id !== undefined) {
        await txStore.updateDatabase(database.id, {
          description: database.description,
          status: database.status,
        });
      }
    }
    const changedUsers = contents.users.filter((user) => user.changed);
    await txStore.insertUsers(
      changedUsers
        .filter((user) => user.id === undefined)
        .map((user) => ({
          clusterId,
          name: user.name,
          role: user.role,
          passwordEncrypted: secretBox.encryptSecret(user.newPassword ?? generatePassword()),
          permissions: user.permissions,
          status: user.status,
        })),
    );
    for (const user of changedUsers) {
      if (user.id === undefined) continue;
      await txStore.updateUser(user.id, {
        permissions: user.permissions,
        status: user.status,
        ...(user.newPassword === undefined
          ? {}
          : { passwordEncrypted: secretBox.encryptSecret(user.newPassword) }),
      });
    }
  }

  /** Applies a patch of databases and users to a locked cluster: stored, audited, handed to the provisioner. */
  async function change(
    tx: Db,
    account: AccountWithCustomer,
    cluster: ClusterRow,
    patch: { databases?: DatabaseInput[] | null; users?: DatabaseUserInput[] | null },
  ) {
    const before = await contentsOf(tx, cluster.id);
    const after = patchClusterContents(before, patch, cluster.name, generatePassword);
    await storeContents(tx, cluster.id, after);
    const updated = await createClusterStore(tx).update(cluster.id, { state: 'updating', locked: true });
    await recordChange(tx, account, {
      eventType: 'update',
      modelName: 'CloudDatabaseCluster',
      modelId: cluster.id,
      namespaceId: cluster.namespaceId,
      before: audited(cluster, before),
      after: audited(updated, after),
    });
    await provisioner.enqueue(tx, { kind: 'databaseCluster', id: cluster.id, action: 'update' });
    return updated;
  }

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

  async function startDelete(tx: Db, account: AccountWithCustomer, cluster: ClusterRow) {
    const before = await contentsOf(tx, cluster.id);
    await createClusterStore(tx).update(cluster.id, { state: 'deleting', locked: true });
    await endPlanOfResource(tx, account.customerId, { id: String(cluster.id), name: cluster.name });
    await recordChange(tx, account, {
      eventType: 'delete',
      modelName: 'CloudDatabaseCluster',
      modelId: cluster.id,
      namespaceId: cluster.namespaceId,
      before: audited(cluster, before),
      after: null,
    });
    await provisioner.enqueue(tx, { kind: 'databaseCluster', id: cluster.id, action: 'delete' });
  }

  function checkedCreate(input: CloudDatabaseClusterCreateInput) {
    const name = input.name.trim();
    const problem = nameProblem(name);
    if (problem) throw badInput('name', `Database cluster ${problem}`);
    const plan = findPlan(input.plan);
    if (!plan)
      throw badInput('plan', `Unknown plan ${input.plan}; cloudDatabaseClusterPlans lists the plans`);
    const version = findVersion(input.spec.type, input.spec.version);
    if (!version) {
      throw badInput(
        'spec.version',
        `Unknown engine version ${input.spec.type} ${input.spec.version}; one of ${versionList()}`,
      );
    }
    const refusal = driver.refusal(version.type, version.version);
    if (refusal) throw badInput('spec.type', refusal);
    return { name, plan, version };
  }

  return {
    ...payment,
    list: (account: AccountWithCustomer) => store.listByCustomer(account.customerId),
    find,
    /** The customer's cluster by id (a subscription's resource); another customer's is undefined. */
    async findById(customerId: number, id: string) {
      const key = rowId(id);
      return key === undefined ? undefined : store.findById(customerId, key);
    },

    /** Clusters of namespaces the caller has already found (Namespace.cloudDatabaseClusters), batched. */
    namespaceClustersLoader: () =>
      batchLoader(
        async (ids: number[]) => groupBy(await store.listByNamespaces(ids), (row) => row.namespaceId),
        [],
      ),
    databasesLoader: () => batchLoader((ids: number[]) => store.databasesOf(ids), []),
    usersLoader: () => batchLoader((ids: number[]) => store.usersOf(ids), []),

    async create(account: AccountWithCustomer, input: CloudDatabaseClusterCreateInput) {
      const { name, plan, version } = checkedCreate(input);
      const admin = {
        name: ADMIN_USER,
        role: 'admin' as const,
        newPassword: generatePassword(),
        permissions: [],
      };
      const contents = patchClusterContents(
        { databases: [], users: [{ ...admin, status: 'creating', changed: true }] },
        { databases: input.databases ?? [], users: input.users ?? [] },
        name,
        generatePassword,
      );
      return database.db.transaction(async (tx) => {
        const namespace: NamespaceRow = await namespaceForChange(tx, account.customerId, input.namespace);
        const txStore = createClusterStore(tx);
        if (await txStore.findByName(namespace.id, name)) {
          throw badInput(
            'name',
            `A database cluster named ${name} already exists in namespace ${namespace.name}`,
          );
        }
        const inserted = await txStore.insert({
          namespaceId: namespace.id,
          name,
          engine: version.type,
          version: version.version,
          planId: plan.id,
        });
        const placement = driver.placement({
          id: inserted.id,
          name,
          namespace: namespace.name,
          engine: version.type,
        });
        const row = await txStore.update(inserted.id, placement);
        await storeContents(tx, row.id, contents);
        await recordChange(tx, account, {
          eventType: 'create',
          modelName: 'CloudDatabaseCluster',
          modelId: row.id,
          namespaceId: row.namespaceId,
          before: null,
          after: audited(row, contents),
        });
        await provisioner.enqueue(tx, { kind: 'databaseCluster', id: row.id, action: 'create' });
        return row;
      });
    },

    async modify(account: AccountWithCustomer, input: CloudDatabaseClusterModifyInput) {
      return database.db.transaction(async (tx) => {
        const cluster = await lockedCluster(tx, account, input);
        return change(tx, account, cluster, input);
      });
    },

    async delete(account: AccountWithCustomer, input: CloudDatabaseClusterResourceInput) {
      return database.db.transaction(async (tx) => {
        await startDelete(tx, account, await lockedCluster(tx, account, input));
        return true;
      });
    },

    /** Starts deleting the clusters of a namespace being emptied. */
    async deleteAllIn(tx: Db, account: AccountWithCustomer, namespace: { id: number }) {
      for (const row of await createClusterStore(tx).listByNamespaces([namespace.id])) {
        if (row.state === 'deleting') continue;
        if (row.locked) throw busy('Database cluster', row);
        await startDelete(tx, account, row);
      }
    },

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
      const cluster = await find(account, input);
      const view = await userView(database.db, cluster, username, true);
      await createAuditStore(database.db).insert({
        customerId: account.customerId,
        accountId: account.id,
        eventType: 'reveal',
        modelName: 'CloudDatabaseClusterUser',
        modelId: view.user.id,
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

export type DatabaseClusterService = ReturnType<typeof createDatabaseClusterService>;
