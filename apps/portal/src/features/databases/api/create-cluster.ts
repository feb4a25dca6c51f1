import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloudDatabaseClusterCreateInput } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey, namespaceScopeKey } from '@/lib/query-keys.ts';
import { clusterRowFragment } from './cluster-fragments.ts';

const createClusterMutation = withFragments(
  graphql(`
    mutation CloudDatabaseClusterCreate($input: CloudDatabaseClusterCreateInput!) {
      cloudDatabaseClusterCreate(cloudDatabaseClusterInput: $input) {
        ...ClusterRow
      }
    }
  `),
  clusterRowFragment,
);

export function useCreateCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloudDatabaseClusterCreateInput) =>
      platformRequest(createClusterMutation, { input }).then((data) => data.cloudDatabaseClusterCreate),
    onSuccess: (_created, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: databaseClustersKey }),
        queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
      ]),
    // The form shows the platform's refusal on the field it names.
    meta: { inlineErrors: true },
  });
}
