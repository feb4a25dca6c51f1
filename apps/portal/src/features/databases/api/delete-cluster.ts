import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey, namespaceScopeKey } from '@/lib/query-keys.ts';
import { clusterDetailsKey, type ClusterAddress } from './get-cluster.ts';

const deleteClusterMutation = graphql(`
  mutation CloudDatabaseClusterDelete($cluster: CloudDatabaseClusterResourceInput!) {
    cloudDatabaseClusterDelete(cloudDatabase: $cluster)
  }
`);

/**
 * The lists showing the cluster are refreshed, not its own page: that is left at once (reloading it would
 * only find the cluster being deleted, or gone).
 */
export function useDeleteCluster(cluster: ClusterAddress) {
  const queryClient = useQueryClient();
  const ownPage = clusterDetailsKey(cluster);
  return useMutation({
    mutationFn: () => platformRequest(deleteClusterMutation, { cluster }),
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: databaseClustersKey,
        predicate: (query) => !ownPage.every((part, index) => query.queryKey[index] === part),
      });
      void queryClient.invalidateQueries({ queryKey: namespaceScopeKey(cluster.namespace) });
    },
  });
}
