import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const runContainerJobMutation = graphql(`
  mutation ContainerJobRun($namespace: String!, $name: String!) {
    containerJobRun(scheduledJob: { namespace: $namespace, name: $name }) {
      name
      status
    }
  }
`);

/** Starts a run now, whether or not the schedule is enabled; the screens follow it until it ends. */
export function useRunContainerJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: { namespace: string; name: string }) =>
      platformRequest(runContainerJobMutation, job).then((data) => data.containerJobRun),
    onSuccess: (_run, job) => queryClient.invalidateQueries({ queryKey: namespaceScopeKey(job.namespace) }),
  });
}
