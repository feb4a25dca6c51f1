import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClusterDetailsFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';
import { externalConnectionFragment } from '@/components/external-access/external-connection-fragment.ts';
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
  externalConnectionFragment,
);

export type ClusterDetails = ClusterDetailsFragment;
export type ClusterUser = ClusterDetails['users'][number];
export type ClusterDatabase = ClusterDetails['databases'][number];
export type ClusterAdvisory = ClusterDetails['advisories'][number];

/** The cluster's advisor (its one optional feature), when the platform lists it. */
export const advisorOf = (cluster: Pick<ClusterDetails, 'features'>) =>
  cluster.features.find((feature) => feature.__typename === 'CloudDatabaseClusterAdvisor');

/**
 * The advisor analyses a cluster just after it is turned on, then once a day: while it waits for its first
 * analysis the page looks again now and then, so the advisories show up without a reload.
 */
const advisorWaitPollMs = 15_000;

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
    refetchInterval: (query) =>
      pollWhile(isChanging)(query) ||
      (query.state.data && advisorOf(query.state.data)?.status === 'waiting' ? advisorWaitPollMs : false),
    // A missing cluster is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useClusterDetails(cluster: ClusterAddress) {
  return useQuery(clusterDetailsQueryOptions(cluster));
}
