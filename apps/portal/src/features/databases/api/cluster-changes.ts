import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DatabasePermission, DatabaseUserPermissionInput } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey, namespaceScopeKey } from '@/lib/query-keys.ts';
import { clusterDetailsKey, type ClusterAddress } from './cluster-details.ts';

// The changes made on a cluster's details page. Each returns at once and locks the cluster while it is
// applied (API.md): the page then reloads the cluster and follows it until it is unlocked. A change while it
// is locked is refused (CONFLICT) with a message the dialog that made it shows.

const createUserMutation = graphql(`
  mutation CloudDatabaseClusterUserCreate($input: CloudDatabaseClusterUserCreateInput!) {
    cloudDatabaseClusterUserCreate(userInput: $input) {
      name
    }
  }
`);

const modifyUserMutation = graphql(`
  mutation CloudDatabaseClusterUserModify($input: CloudDatabaseClusterUserModifyInput!) {
    cloudDatabaseClusterUserModify(userInput: $input) {
      name
    }
  }
`);

const deleteUserMutation = graphql(`
  mutation CloudDatabaseClusterUserDelete($input: CloudDatabaseClusterUserResourceInput!) {
    cloudDatabaseClusterUserDelete(userInput: $input)
  }
`);

const createDatabaseMutation = graphql(`
  mutation CloudDatabaseClusterDatabaseCreate($input: CloudDatabaseClusterDatabaseCreateInput!) {
    cloudDatabaseClusterDatabaseCreate(databaseInput: $input) {
      name
    }
  }
`);

const deleteDatabaseMutation = graphql(`
  mutation CloudDatabaseClusterDatabaseDelete($input: CloudDatabaseClusterDatabaseResourceInput!) {
    cloudDatabaseClusterDatabaseDelete(databaseInput: $input)
  }
`);

const deleteClusterMutation = graphql(`
  mutation CloudDatabaseClusterDelete($cluster: CloudDatabaseClusterResourceInput!) {
    cloudDatabaseClusterDelete(cloudDatabase: $cluster)
  }
`);

/** A change of `cluster`'s contents; the cluster is reloaded once it is accepted. */
function useClusterChange<TVariables>(
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

export interface PermissionChoice {
  databaseName: string;
  permission: DatabasePermission;
}

export function useCreateClusterUser(cluster: ClusterAddress) {
  return useClusterChange(cluster, (user: { name: string; permissions: PermissionChoice[] }) =>
    platformRequest(createUserMutation, { input: { cluster, user } }),
  );
}

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

export function useDeleteClusterUser(cluster: ClusterAddress) {
  return useClusterChange(cluster, (name: string) =>
    platformRequest(deleteUserMutation, { input: { cluster, name } }),
  );
}

export function useCreateClusterDatabase(cluster: ClusterAddress) {
  return useClusterChange(cluster, (database: { name: string; description: string | null }) =>
    platformRequest(createDatabaseMutation, { input: { cluster, database } }),
  );
}

export function useDeleteClusterDatabase(cluster: ClusterAddress) {
  return useClusterChange(cluster, (name: string) =>
    platformRequest(deleteDatabaseMutation, { input: { cluster, name } }),
  );
}

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
