import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const containerNamesQuery = graphql(`
  query NamespaceContainerNames($namespace: String!) {
    namespace(name: $namespace) {
      id
      containers {
        name
      }
    }
  }
`);

/** Names only: enough for the guard that decides whether a restricted customer may create a container. */
export const containerNamesQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'container-names'],
    queryFn: ({ signal }) =>
      platformRequest(containerNamesQuery, { namespace }, signal).then(
        (data) => data.namespace.containers ?? [],
      ),
    meta: { quietCodes: ['NOT_FOUND'] },
  });
