import type {
  CloudDatabaseAdvisory,
  CloudDatabaseAdvisoryMissingIndex,
  Resolvers,
} from '../../generated/resolvers-types.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { AdvisoryRow } from './service.ts';
import { advisorStatus } from './status.ts';

// CloudDatabaseCluster.features and .advisories. The cluster was found for the signed-in customer already
// (another's is not found), so what hangs off it is theirs.

/** Each request's advisories loader, kept beside the request's own loaders (one per request). */
const requestLoaders = new WeakMap<object, (clusterId: number) => Promise<AdvisoryRow[]>>();

function advisoriesOf({ loaders, services }: GraphQLContext, clusterId: number) {
  let load = requestLoaders.get(loaders);
  if (!load) {
    load = services.databaseAdvisories.advisoriesLoader();
    requestLoaders.set(loaders, load);
  }
  return load(clusterId);
}

function advisoryView(row: AdvisoryRow): CloudDatabaseAdvisory | CloudDatabaseAdvisoryMissingIndex {
  const common = { identifier: row.identifier, message: row.message, createdAt: row.createdAt.toISOString() };
  return row.type === 'MissingIndex'
    ? { __typename: 'CloudDatabaseAdvisoryMissingIndex', ...common, databaseName: row.databaseName ?? '' }
    : { __typename: 'CloudDatabaseAdvisory', ...common };
}

export const databaseAdvisoryResolvers: Resolvers = {
  CloudDatabaseCluster: {
    features: (row) => [
      { __typename: 'CloudDatabaseClusterAdvisor', enabled: row.advisorEnabled, status: advisorStatus(row) },
    ],
    // Turning the advisor off forgets its advisories; an off advisor shows none whatever is stored.
    advisories: async (row, { type }, context) => {
      if (!row.advisorEnabled) return [];
      const rows = await advisoriesOf(context, row.id);
      return rows.filter((advisory) => !type || advisory.type === type).map(advisoryView);
    },
  },
  CloudDatabaseClusterFeature: {
    __resolveType: () => 'CloudDatabaseClusterAdvisor',
  },
  CloudDatabaseAdvisoryInterface: {
    __resolveType: (advisory) =>
      'databaseName' in advisory ? 'CloudDatabaseAdvisoryMissingIndex' : 'CloudDatabaseAdvisory',
  },
};
