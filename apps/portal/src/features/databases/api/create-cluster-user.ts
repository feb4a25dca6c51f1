import type { DatabasePermission } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { ClusterAddress } from './get-cluster.ts';
import { useClusterChange } from './use-cluster-change.ts';

const createUserMutation = graphql(`
  mutation CloudDatabaseClusterUserCreate($input: CloudDatabaseClusterUserCreateInput!) {
    cloudDatabaseClusterUserCreate(userInput: $input) {
      name
    }
  }
`);

export interface PermissionChoice {
  databaseName: string;
  permission: DatabasePermission;
}

export function useCreateClusterUser(cluster: ClusterAddress) {
  return useClusterChange(cluster, (user: { name: string; permissions: PermissionChoice[] }) =>
    platformRequest(createUserMutation, { input: { cluster, user } }),
  );
}
