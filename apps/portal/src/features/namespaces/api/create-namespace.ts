import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import type { NamespaceCreateInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

const createNamespaceMutation = graphql(`
  mutation NamespaceCreate($input: NamespaceCreateInput!) {
    namespaceCreate(namespaceInput: $input) {
      name
    }
  }
`);

export function useCreateNamespace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NamespaceCreateInput) =>
      platformRequest(createNamespaceMutation, { input }).then((data) => data.namespaceCreate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['namespaces'] }),
  });
}
