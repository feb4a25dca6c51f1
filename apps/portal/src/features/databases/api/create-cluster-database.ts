import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { ClusterAddress } from './get-cluster.ts';
import { useClusterChange } from './use-cluster-change.ts';

const createDatabaseMutation = graphql(`
  mutation CloudDatabaseClusterDatabaseCreate($input: CloudDatabaseClusterDatabaseCreateInput!) {
    cloudDatabaseClusterDatabaseCreate(databaseInput: $input) {
      name
    }
  }
`);

export function useCreateClusterDatabase(cluster: ClusterAddress) {
  return useClusterChange(cluster, (database: { name: string; description: string | null }) =>
    platformRequest(createDatabaseMutation, { input: { cluster, database } }),
  );
}
