import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { clusterDetailsKey, type ClusterAddress } from './get-cluster.ts';

// When a cluster was stopped because its plan is not paid: the API says only that it is (unpaidSince without
// unpaidStopAt), its events say when.

const clusterEventsQuery = graphql(`
  query CloudDatabaseClusterEventTimes($namespace: String!, $name: String!) {
    cloudDatabaseCluster(cloudDatabase: { namespace: $namespace, name: $name }) {
      id
      events {
        id
        type
        occurredAt
      }
    }
  }
`);

/**
 * The time of the cluster's newest STOPPED_UNPAID event, asked for only while `stopped`; null when it is not
 * among the cluster's recent events.
 */
export function useUnpaidStopTime(cluster: ClusterAddress, stopped: boolean) {
  return useQuery({
    queryKey: [...clusterDetailsKey(cluster), 'unpaid-stop'],
    queryFn: ({ signal }) =>
      platformRequest(clusterEventsQuery, cluster, signal).then(
        (data) =>
          data.cloudDatabaseCluster.events.find((event) => event.type === 'STOPPED_UNPAID')?.occurredAt ??
          null,
      ),
    enabled: stopped,
  });
}
