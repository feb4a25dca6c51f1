import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceContentsQueryOptions } from './get-namespace-contents.ts';

const deleteNamespaceMutation = graphql(`
  mutation NamespaceDelete($name: String!, $deleteResources: Boolean!) {
    namespaceDelete(namespace: { name: $name, deleteResources: $deleteResources })
  }
`);

/** `deleteResources`: delete everything in the namespace too; otherwise the platform deletes only an empty one. */
export function useDeleteNamespace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { name: string; deleteResources: boolean }) =>
      platformRequest(deleteNamespaceMutation, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['namespaces'] }),
    // Refused (something was added or started changing meanwhile): the dialog lists the contents anew.
    onError: (_error, { name }) =>
      queryClient.invalidateQueries({ queryKey: namespaceContentsQueryOptions(name).queryKey }),
    // The confirmation dialog shows why not.
    meta: { inlineErrors: true },
  });
}
