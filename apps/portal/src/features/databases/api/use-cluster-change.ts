import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clusterDetailsKey, type ClusterAddress } from './get-cluster.ts';

// The changes made on a cluster's details page. Each returns at once and locks the cluster while it is
// applied (API.md): the page then reloads the cluster and follows it until it is unlocked. A change while it
// is locked is refused (CONFLICT) with a message the dialog that made it shows.

/** A change of `cluster`'s contents; the cluster is reloaded once it is accepted. */
export function useClusterChange<TVariables>(
  cluster: ClusterAddress,
  change: (variables: TVariables) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clusterDetailsKey(cluster) }),
    // Shown in the dialog the change was made from (or the confirmation's), beside what was asked.
    meta: { inlineErrors: true },
  });
}
