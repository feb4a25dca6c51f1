import { queryOptions } from '@tanstack/react-query';
import type { ClusterRowFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey } from '@/lib/query-keys.ts';
import { clusterRowFragment } from './cluster-fragments.ts';

// The database clusters of the list. Kept under the key the router clears when the customer leaves a
// namespace (SPEC §2, guard step 5). A namespace's tab (get-namespace-clusters.ts) asks for the same fields of
// a cluster, so one row type and one set of columns serve both.

const clustersQuery = withFragments(
  graphql(`
    query CloudDatabaseClusters {
      cloudDatabaseClusters {
        ...ClusterRow
      }
    }
  `),
  clusterRowFragment,
);

export type ClusterRow = ClusterRowFragment;

/** Every cluster of the customer, across namespaces. */
export const clustersQueryOptions = () =>
  queryOptions({
    queryKey: [...databaseClustersKey, 'list'],
    queryFn: ({ signal }): Promise<ClusterRow[]> =>
      platformRequest(clustersQuery, {}, signal).then((data) => data.cloudDatabaseClusters),
  });
