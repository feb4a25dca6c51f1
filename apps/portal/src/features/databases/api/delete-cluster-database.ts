import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { ClusterAddress } from './get-cluster.ts';
import { useClusterChange } from './use-cluster-change.ts';

const deleteDatabaseMutation = graphql(`
  mutation CloudDatabaseClusterDatabaseDelete($input: CloudDatabaseClusterDatabaseResourceInput!) {
    cloudDatabaseClusterDatabaseDelete(databaseInput: $input)
  }
`);

export function useDeleteClusterDatabase(cluster: ClusterAddress) {
  return useClusterChange(cluster, (name: string) =>
    platformRequest(deleteDatabaseMutation, { input: { cluster, name } }),
  );
}
