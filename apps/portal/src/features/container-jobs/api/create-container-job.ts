import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import type { ContainerJobCreateInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const createContainerJobMutation = graphql(`
  mutation ContainerJobCreate($input: ContainerJobCreateInput!) {
    containerJobCreate(scheduledJob: $input) {
      name
    }
  }
`);

export function useCreateContainerJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContainerJobCreateInput) =>
      platformRequest(createContainerJobMutation, { input }).then((data) => data.containerJobCreate),
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
  });
}
