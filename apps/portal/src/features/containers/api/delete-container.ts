import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const deleteContainerMutation = graphql(`
  mutation ContainerDelete($namespace: String!, $name: String!) {
    containerDelete(container: { namespace: $namespace, name: $name })
  }
`);

export function useDeleteContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (container: { namespace: string; name: string }) =>
      platformRequest(deleteContainerMutation, container),
    onSuccess: (_deleted, container) =>
      queryClient.invalidateQueries({ queryKey: [...namespaceScopeKey(container.namespace), 'containers'] }),
  });
}
