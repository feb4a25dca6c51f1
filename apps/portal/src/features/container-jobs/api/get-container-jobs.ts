import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';
import { namespaceScopeKey } from '../../../lib/query-keys.ts';
import { isActive, pollIntervalMs } from './job-activity.ts';

const namespaceContainerJobsQuery = graphql(`
  query NamespaceContainerJobs($namespace: String!) {
    namespace(name: $namespace) {
      id
      containerJobs {
        name
        image
        schedule
        enabled
        state
        locked
        runs {
          name
          status
          startTime
        }
      }
    }
  }
`);

export const containerJobsQueryKey = (namespace: string) =>
  [...namespaceScopeKey(namespace), 'container-jobs'] as const;

export const containerJobsQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: containerJobsQueryKey(namespace),
    queryFn: ({ signal }) =>
      platformRequest(namespaceContainerJobsQuery, { namespace }, signal).then(
        (data) => data.namespace.containerJobs,
      ),
    // Refresh only while a job is changing or running; TanStack Query pauses the interval in a hidden tab.
    refetchInterval: (query) => (query.state.data?.some(isActive) ? pollIntervalMs : false),
  });

export function useContainerJobs(namespace: string) {
  return useQuery(containerJobsQueryOptions(namespace));
}
