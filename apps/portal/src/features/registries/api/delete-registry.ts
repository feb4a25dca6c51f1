import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const deleteRegistryMutation = graphql(`
  mutation RegistryConnectionDelete($namespace: String!, $name: String!) {
    registryConnectionDelete(registryConnection: { namespace: $namespace, name: $name })
  }
`);

export function useDeleteRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registry: { namespace: string; name: string }) =>
      platformRequest(deleteRegistryMutation, registry),
    onSuccess: (_deleted, registry) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(registry.namespace) }),
    // The confirmation dialog shows why not, such as the containers still pulling through the registry.
    meta: { inlineErrors: true },
  });
}
