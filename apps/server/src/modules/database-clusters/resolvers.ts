import { requiredInput } from '../../errors.ts';
import type { Resolvers } from '../../generated/resolvers-types.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { namespaceOf } from '../namespaces/loaders.ts';
import { DATABASE_CLUSTER_PLANS } from '../pricing/database-plans.ts';
import { eurPrice } from '../pricing/price.ts';
import { gbIn } from '../units.ts';
import { clusterDsn } from './dsn.ts';
import { findPlan, findVersion } from './rules.ts';
import type { UserView } from './members.ts';
import { ENGINE_VERSIONS } from './versions.ts';

/** The database a user's DSN opens: its first permitted one, the admin's first database, else none. */
function dsnDatabase(view: UserView) {
  if (view.user.role === 'admin') return view.databases[0] ?? null;
  return view.user.permissions[0]?.databaseName ?? null;
}

/** The cluster's users as the API shows them (without passwords), batched across the clusters of a list. */
async function userViews(row: UserView['cluster'], { loaders, services }: GraphQLContext) {
  const [users, databases] = await Promise.all([
    loaders.usersOfCluster(row.id),
    loaders.databasesOfCluster(row.id),
  ]);
  const names = databases.map((database) => database.name);
  return users.map((user) => services.databaseClusters.userView(row, user, names));
}

export const databaseClusterResolvers: Resolvers = {
  Query: {
    cloudDatabaseClusterPlans: () => [...DATABASE_CLUSTER_PLANS],
    cloudDatabaseClusterVersions: () => [...ENGINE_VERSIONS],
    cloudDatabaseClusters: (_parent, _args, { account, services }) => services.databaseClusters.list(account),
    cloudDatabaseCluster: (_parent, { cloudDatabase }, { account, services }) =>
      services.databaseClusters.find(account, cloudDatabase),
    cloudDatabaseClusterUserCredentials: (_parent, { cloudDatabase, username }, { account, services }) =>
      services.databaseClusters.credentials(account, cloudDatabase, username),
  },
  Mutation: {
    cloudDatabaseClusterCreate: (_parent, { cloudDatabaseClusterInput }, { account, services }) =>
      services.databaseClusters.create(
        account,
        requiredInput('cloudDatabaseClusterInput', cloudDatabaseClusterInput),
      ),
    cloudDatabaseClusterModify: (_parent, { cloudDatabaseClusterInput }, { account, services }) =>
      services.databaseClusters.modify(
        account,
        requiredInput('cloudDatabaseClusterInput', cloudDatabaseClusterInput),
      ),
    cloudDatabaseClusterDelete: (_parent, { cloudDatabase }, { account, services }) =>
      services.databaseClusters.delete(account, cloudDatabase),
    cloudDatabaseClusterUserCreate: (_parent, { userInput }, { account, services }) =>
      services.databaseClusters.createUser(account, requiredInput('userInput', userInput)),
    cloudDatabaseClusterUserModify: (_parent, { userInput }, { account, services }) => {
      const input = requiredInput('userInput', userInput);
      return services.databaseClusters.modifyUser(account, {
        cluster: requiredInput('userInput.cluster', input.cluster),
        user: requiredInput('userInput.user', input.user),
      });
    },
    cloudDatabaseClusterUserDelete: (_parent, { userInput }, { account, services }) =>
      services.databaseClusters.deleteUser(account, userInput),
    cloudDatabaseClusterDatabaseCreate: (_parent, { databaseInput }, { account, services }) =>
      services.databaseClusters.createDatabase(account, requiredInput('databaseInput', databaseInput)),
    cloudDatabaseClusterDatabaseDelete: (_parent, { databaseInput }, { account, services }) =>
      services.databaseClusters.deleteDatabase(account, databaseInput),
  },
  Namespace: {
    cloudDatabaseClusters: (namespace, _args, context) => context.loaders.clustersOfNamespace(namespace.id),
  },
  CloudDatabaseCluster: {
    id: (row) => String(row.id),
    namespace: (row, _args, context) => namespaceOf(context, row.namespaceId),
    plan: (row) => {
      const plan = findPlan(row.planId);
      if (!plan) throw new Error(`database cluster ${row.id} has an unknown plan ${row.planId}`);
      return plan;
    },
    spec: (row) => ({
      type: row.engine,
      version: row.version,
      patchLevelVersion: findVersion(row.engine, row.version)?.patchLevelVersion ?? row.version,
    }),
    users: (row, _args, context) => userViews(row, context),
    adminUser: async (row, _args, context) =>
      (await userViews(row, context)).find((view) => view.user.role === 'admin') ?? null,
    databases: (row, _args, { loaders }) => loaders.databasesOfCluster(row.id),
    unpaidStopAt: (row, _args, { services }) => services.databaseClusters.stopsAt(row),
  },
  DatabaseUser: {
    name: (view) => view.user.name,
    role: (view) => view.user.role,
    status: (view) => view.user.status,
    password: (view) => view.password ?? '',
    // The admin owns every database of its cluster.
    permissions: (view) =>
      view.user.role === 'admin'
        ? view.databases.map((databaseName) => ({ databaseName, permission: 'READ_WRITE' as const }))
        : view.user.permissions,
    dsn: (view) =>
      clusterDsn({
        engine: view.cluster.engine,
        placement: {
          hostname: view.cluster.hostname,
          port: view.cluster.port,
          namePrefix: view.cluster.namePrefix,
        },
        user: view.user.name,
        password: view.password,
        database: dsnDatabase(view),
      }),
  },
  Database: {
    extensions: () => [],
  },
  Plan: {
    memory: (plan, { unit }) => gbIn(plan.memoryGb, unit ?? 'GB'),
    storage: (plan) => plan.storageGb,
    price: (plan) => eurPrice(plan.monthlyPriceCents),
  },
};
