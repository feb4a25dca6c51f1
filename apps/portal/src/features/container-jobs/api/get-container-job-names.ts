import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const containerJobNamesQuery = graphql(`
  query NamespaceContainerJobNames($namespace: String!) {
    namespace(name: $namespace) {
      id
      containerJobs {
        name
      }
    }
  }
`);

/** Names only: enough for the guard that decides whether a restricted customer may create a job. */
export const containerJobNamesQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'container-job-names'],
    queryFn: ({ signal }) =>
      platformRequest(containerJobNamesQuery, { namespace }, signal).then(
        (data) => data.namespace.containerJobs,
      ),
    meta: { quietCodes: ['NOT_FOUND'] },
  });
