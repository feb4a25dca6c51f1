import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { ContainerJobCreateInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { containerJobRowFragment } from './container-job-fragments.ts';

const createContainerJobMutation = withFragments(
  graphql(`
    mutation ContainerJobCreate($input: ContainerJobCreateInput!) {
      containerJobCreate(scheduledJob: $input) {
        ...ContainerJobRow
      }
    }
  `),
  containerJobRowFragment,
);

export function useCreateContainerJob() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is shown on the form's fields (useServerRefusal).
    meta: { inlineErrors: true },
    mutationFn: (input: ContainerJobCreateInput) =>
      platformRequest(createContainerJobMutation, { input }).then((data) => data.containerJobCreate),
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
  });
}
