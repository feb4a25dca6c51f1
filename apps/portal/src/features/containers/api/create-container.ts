import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { ContainerCreateInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { containerRowFragment } from './container-fragments.ts';

const createContainerMutation = withFragments(
  graphql(`
    mutation ContainerCreate($input: ContainerCreateInput!) {
      containerCreate(containerInput: $input) {
        ...ContainerRow
      }
    }
  `),
  containerRowFragment,
);

export function useCreateContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContainerCreateInput) =>
      platformRequest(createContainerMutation, { input }).then((data) => data.containerCreate),
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
    // The form puts the platform's refusal of external access on its fields, and says the rest (showRefusal).
    meta: { inlineErrors: true },
  });
}
