import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const stopRunMutation = graphql(`
  mutation ContainerJobRunStop($namespace: String!, $name: String!, $run: String!) {
    containerJobRunStop(scheduledJob: { namespace: $namespace, name: $name }, run: $run) {
      name
      status
      message
    }
  }
`);

/** Stops a pending or running run: it ends failed, saying who stopped it. */
export function useStopContainerJobRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { namespace: string; name: string; run: string }) =>
      platformRequest(stopRunMutation, variables).then((data) => data.containerJobRunStop),
    onSuccess: (_run, { namespace }) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(namespace) }),
    // The confirmation shows the platform's refusal itself.
    meta: { inlineErrors: true },
  });
}
