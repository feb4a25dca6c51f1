import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerJobsQueryKey } from './get-container-job.ts';

const deleteContainerJobMutation = graphql(`
  mutation ContainerJobDelete($namespace: String!, $name: String!) {
    containerJobDelete(scheduledJob: { namespace: $namespace, name: $name })
  }
`);

export function useDeleteContainerJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: { namespace: string; name: string }) =>
      platformRequest(deleteContainerJobMutation, job),
    onSuccess: (_deleted, job) =>
      queryClient.invalidateQueries({ queryKey: containerJobsQueryKey(job.namespace) }),
  });
}
