import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { NamespaceCreateInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceRowFragment } from './namespace-fragments.ts';

const createNamespaceMutation = withFragments(
  graphql(`
    mutation NamespaceCreate($input: NamespaceCreateInput!) {
      namespaceCreate(namespaceInput: $input) {
        ...NamespaceRow
      }
    }
  `),
  namespaceRowFragment,
);

export function useCreateNamespace() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is shown on the form's fields (useServerRefusal).
    meta: { inlineErrors: true },
    mutationFn: (input: NamespaceCreateInput) =>
      platformRequest(createNamespaceMutation, { input }).then((data) => data.namespaceCreate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['namespaces'] }),
  });
}
