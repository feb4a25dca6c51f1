import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { ContainerModifyInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { containerRowFragment } from './container-fragments.ts';

const modifyContainerMutation = withFragments(
  graphql(`
    mutation ContainerModify($input: ContainerModifyInput!) {
      containerModify(containerInput: $input) {
        ...ContainerRow
      }
    }
  `),
  containerRowFragment,
);

/** Sends a patch (API.md): only the fields and list items in `input` change. */
export function useModifyContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContainerModifyInput) =>
      platformRequest(modifyContainerMutation, { input }).then((data) => data.containerModify),
    onSuccess: (_modified, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
    // The form puts the platform's refusal of external access on its fields, and says the rest (showRefusal).
    meta: { inlineErrors: true },
  });
}
