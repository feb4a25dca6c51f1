import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerJobsQueryKey } from './get-container-job.ts';

const namespaceContainerJobsQuery = graphql(`
  query NamespaceContainerJobs($namespace: String!) {
    namespace(name: $namespace) {
      id
      containerJobs {
        name
        image
        schedule
        resources
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

export const containerJobsQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: containerJobsQueryKey(namespace),
    queryFn: ({ signal }) =>
      platformRequest(namespaceContainerJobsQuery, { namespace }, signal).then(
        (data) => data.namespace.containerJobs,
      ),
  });
