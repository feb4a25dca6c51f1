import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { ClusterAddress } from './get-cluster.ts';
import { useClusterChange } from './use-cluster-change.ts';

const deleteUserMutation = graphql(`
  mutation CloudDatabaseClusterUserDelete($input: CloudDatabaseClusterUserResourceInput!) {
    cloudDatabaseClusterUserDelete(userInput: $input)
  }
`);

export function useDeleteClusterUser(cluster: ClusterAddress) {
  return useClusterChange(cluster, (name: string) =>
    platformRequest(deleteUserMutation, { input: { cluster, name } }),
  );
}
