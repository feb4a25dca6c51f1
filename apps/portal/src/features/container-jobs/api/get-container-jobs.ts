import { queryOptions } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerJobsQueryKey } from './get-container-job.ts';
import { containerJobRowFragment } from './container-job-fragments.ts';

const namespaceContainerJobsQuery = withFragments(
  graphql(`
    query NamespaceContainerJobs($namespace: String!) {
      namespace(name: $namespace) {
        id
        containerJobs {
          ...ContainerJobRow
        }
      }
    }
  `),
  containerJobRowFragment,
);

export const containerJobsQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: containerJobsQueryKey(namespace),
    queryFn: ({ signal }) =>
      platformRequest(namespaceContainerJobsQuery, { namespace }, signal).then(
        (data) => data.namespace.containerJobs,
      ),
  });
