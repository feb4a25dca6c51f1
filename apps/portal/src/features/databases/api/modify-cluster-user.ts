import type { DatabaseUserPermissionInput } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { ClusterAddress } from './get-cluster.ts';
import { useClusterChange } from './use-cluster-change.ts';

const modifyUserMutation = graphql(`
  mutation CloudDatabaseClusterUserModify($input: CloudDatabaseClusterUserModifyInput!) {
    cloudDatabaseClusterUserModify(userInput: $input) {
      name
    }
  }
`);

/** `permissions` is a patch keyed by database: PRESENT sets a permission, ABSENT takes it away. */
export function useChangeClusterUserPermissions(cluster: ClusterAddress) {
  return useClusterChange(cluster, (user: { name: string; permissions: DatabaseUserPermissionInput[] }) =>
    platformRequest(modifyUserMutation, { input: { cluster, user } }),
  );
}

export function useResetClusterUserPassword(cluster: ClusterAddress) {
  return useClusterChange(cluster, (user: { name: string; password: string }) =>
    platformRequest(modifyUserMutation, { input: { cluster, user: { ...user, permissions: [] } } }),
  );
}
