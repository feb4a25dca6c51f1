import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClusterDetailsFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';
import { clusterDetailsFragment, clusterPlanFragment } from './cluster-fragments.ts';

// What the details page of one database cluster reads. Kept under the key the router clears when the customer
// leaves the namespace.

const clusterQuery = withFragments(
  graphql(`
    query CloudDatabaseClusterDetails($namespace: String!, $name: String!) {
      cloudDatabaseCluster(cloudDatabase: { namespace: $namespace, name: $name }) {
        ...ClusterDetails
      }
    }
  `),
  clusterDetailsFragment,
  clusterPlanFragment,
);

export type ClusterDetails = ClusterDetailsFragment;
export type ClusterUser = ClusterDetails['users'][number];
export type ClusterDatabase = ClusterDetails['databases'][number];

/** How the API addresses a cluster (CloudDatabaseClusterResourceInput). */
export interface ClusterAddress {
  namespace: string;
  name: string;
}

export const clusterDetailsKey = ({ namespace, name }: ClusterAddress) =>
  [...databaseClustersKey, 'details', namespace, name] as const;

export const clusterDetailsQueryOptions = (cluster: ClusterAddress) =>
  queryOptions({
    queryKey: clusterDetailsKey(cluster),
    queryFn: ({ signal }) =>
      platformRequest(clusterQuery, cluster, signal).then((data) => data.cloudDatabaseCluster),
    // A change locks the cluster for a moment: the page follows it until it is applied.
    refetchInterval: pollWhile(isChanging),
    // A missing cluster is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useClusterDetails(cluster: ClusterAddress) {
  return useQuery(clusterDetailsQueryOptions(cluster));
}
