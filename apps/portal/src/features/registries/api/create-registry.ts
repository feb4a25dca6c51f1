import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { RegistryCreateInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { registryRowFragment } from './registry-fragments.ts';

const createRegistryMutation = withFragments(
  graphql(`
    mutation RegistryConnectionCreate($input: RegistryCreateInput!) {
      registryConnectionCreate(registryInput: $input) {
        ...RegistryRow
      }
    }
  `),
  registryRowFragment,
);

export function useCreateRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistryCreateInput) =>
      platformRequest(createRegistryMutation, { input }).then((data) => data.registryConnectionCreate),
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
    // The form shows the platform's answer (such as refused credentials) next to the fields.
    meta: { inlineErrors: true },
  });
}
