import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { ContainerJobModifyInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { containerJobRowFragment } from './container-job-fragments.ts';

const modifyContainerJobMutation = withFragments(
  graphql(`
    mutation ContainerJobModify($input: ContainerJobModifyInput!) {
      containerJobModify(scheduledJob: $input) {
        ...ContainerJobRow
      }
    }
  `),
  containerJobRowFragment,
);

/** Sends a patch (API.md): only the fields and list items in `input` change. */
export function useModifyContainerJob() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is shown on the form's fields (useServerRefusal).
    meta: { inlineErrors: true },
    mutationFn: (input: ContainerJobModifyInput) =>
      platformRequest(modifyContainerJobMutation, { input }).then((data) => data.containerJobModify),
    onSuccess: (_modified, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
  });
}
