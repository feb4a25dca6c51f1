import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';

const deleteNamespaceMutation = graphql(`
  mutation NamespaceDelete($name: String!) {
    namespaceDelete(namespace: { name: $name })
  }
`);

export function useDeleteNamespace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => platformRequest(deleteNamespaceMutation, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['namespaces'] }),
  });
}
