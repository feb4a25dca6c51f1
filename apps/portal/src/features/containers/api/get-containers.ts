import { queryOptions } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { containerRowFragment } from './container-fragments.ts';

const namespaceContainersQuery = withFragments(
  graphql(`
    query NamespaceContainers($namespace: String!) {
      namespace(name: $namespace) {
        id
        containers {
          ...ContainerRow
        }
      }
    }
  `),
  containerRowFragment,
);

export const containersQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'containers'],
    queryFn: ({ signal }) =>
      platformRequest(namespaceContainersQuery, { namespace }, signal).then(
        (data) => data.namespace.containers ?? [],
      ),
  });
