import { batchLoader, groupBy } from '../../batching.ts';
import { containedKind } from '../namespaces/contained.ts';
import type { Database, Db } from '../../db/client.ts';
import { recordChange } from '../audit/store.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, busy, notFound } from '../../errors.ts';
import type {
  CloudDatabaseClusterCreateInput,
  CloudDatabaseClusterModifyInput,
  CloudDatabaseClusterResourceInput,
} from '../../generated/resolvers-types.ts';
import type { DatabaseClusterDriver } from '../../provisioning/database-cluster-driver.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { ExternalConnections } from '../external-connections/service.ts';
import type { BillingNotices } from '../billing/notices.ts';
import { endPlanOfResource } from '../billing/service.ts';
import { namespaceForChange, type NamespaceService } from '../namespaces/service.ts';
import { nameProblem } from '../namespaces/rules.ts';
import type { NamespaceRow } from '../namespaces/store.ts';
import { audited, createClusterChanges, generatePassword } from './contents.ts';
import { createClusterMembers } from './members.ts';
import { patchClusterContents } from './patch.ts';
import { createClusterPayment } from './payment.ts';
import { ADMIN_USER, findPlan, findVersion } from './rules.ts';
import { createClusterStore, type ClusterRow } from './store.ts';
import { ENGINE_VERSIONS } from './versions.ts';

const versionList = () => ENGINE_VERSIONS.map((version) => `${version.type} ${version.version}`).join(', ');

/** A modify that changes only the advisor (every other field left out): nothing for the provisioner. */
const onlyAdvisor = (input: CloudDatabaseClusterModifyInput) =>
  input.advisor != null &&
  Object.entries(input).every(
    ([field, value]) => ['name', 'namespace', 'advisor'].includes(field) || value == null,
  );

export function createDatabaseClusterService(deps: {
  database: Database;
  provisioner: Provisioner;
  secretBox: SecretBox;
  namespaces: NamespaceService;
  driver: DatabaseClusterDriver;
  externalConnections: ExternalConnections;
  unpaidGraceDays: number;
  /** Mails the owner when a cluster becomes unpaid or is stopped for it. */
  notices: BillingNotices;
}) {
  const { database, provisioner, secretBox, namespaces, driver } = deps;
  const payment = createClusterPayment({
    database,
    provisioner,
    graceDays: deps.unpaidGraceDays,
    notices: deps.notices,
  });
  const store = createClusterStore(database.db);
  const changes = createClusterChanges({ provisioner, secretBox });
  const { contentsOf, storeContents, change, recordQueued } = changes;

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

  const members = createClusterMembers({ database, secretBox, changes, find, lockedCluster });

  /** The cluster as its external connection sees it: its service port is the one it forwards to. */
  const connected = (cluster: ClusterRow) => ({
    kind: 'database-cluster' as const,
    id: cluster.id,
    name: cluster.name,
    namespaceId: cluster.namespaceId,
    internalPorts: [cluster.port],
  });

  async function startDelete(tx: Db, account: AccountWithCustomer, cluster: ClusterRow) {
    const before = await contentsOf(tx, cluster.id);
    await createClusterStore(tx).update(cluster.id, { state: 'deleting', locked: true });
    await deps.externalConnections.release(tx, account, connected(cluster));
    await endPlanOfResource(tx, account.customerId, 'DATABASE_CLUSTER', {
      id: String(cluster.id),
      name: cluster.name,
    });
    await recordQueued(tx, account, 'delete', cluster, audited(cluster, before), null);
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
        const placed = await txStore.update(inserted.id, placement);
        // The advisor's first analysis is due once the cluster runs (database-advisories).
        const row = input.advisor?.enabled
          ? await createClusterStore(tx).switchAdvisor(placed, true)
          : placed;
        await storeContents(tx, row.id, contents);
        await recordQueued(tx, account, 'create', row, null, audited(row, contents));
        await deps.externalConnections.change(tx, account, connected(row), input.externalConnection);
        return row;
      });
    },

    async modify(account: AccountWithCustomer, input: CloudDatabaseClusterModifyInput) {
      return database.db.transaction(async (tx) => {
        const cluster = await lockedCluster(tx, account, input);
        if (!onlyAdvisor(input)) {
          // The advisor switched first, so that the change's audit entry shows it too.
          if (input.advisor)
            await createClusterStore(tx).switchAdvisor(cluster, input.advisor.enabled ?? false);
          await deps.externalConnections.change(tx, account, connected(cluster), input.externalConnection);
          return change(tx, account, cluster, input);
        }
        // The advisor changes nothing on the server: audited, with no task and no lock.
        // The schema's default: an advisor input without `enabled` turns it off.
        const advised = await createClusterStore(tx).switchAdvisor(cluster, input.advisor?.enabled ?? false);
        if (advised !== cluster) {
          const contents = await contentsOf(tx, cluster.id);
          await recordChange(tx, account, {
            eventType: 'update',
            modelName: 'CloudDatabaseCluster',
            modelId: cluster.id,
            namespaceId: cluster.namespaceId,
            before: audited(cluster, contents),
            after: audited(advised, contents),
          });
        }
        return advised;
      });
    },

    async delete(account: AccountWithCustomer, input: CloudDatabaseClusterResourceInput) {
      return database.db.transaction(async (tx) => {
        await startDelete(tx, account, await lockedCluster(tx, account, input));
        return true;
      });
    },

    contained: containedKind({
      kind: 'Database cluster',
      rowsIn: (tx, id) => createClusterStore(tx).listByNamespaces([id]),
      startDelete: (tx, account, row) => startDelete(tx, account, row),
    }),

    ...members,
  };
}

export type DatabaseClusterService = ReturnType<typeof createDatabaseClusterService>;
