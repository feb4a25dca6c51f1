import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const namespaceContainersQuery = graphql(`
  query NamespaceContainers($namespace: String!) {
    namespace(name: $namespace) {
      id
      containers {
        id
        name
        image
        state
        locked
        resources
        numberOfReplicas
        availableReplicas
        autoScaling {
          replicas {
            minimum
            maximum
          }
        }
        ingresses {
          id
          url
        }
      }
    }
  }
`);

export const containersQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'containers'],
    queryFn: ({ signal }) =>
      platformRequest(namespaceContainersQuery, { namespace }, signal).then(
        (data) => data.namespace.containers ?? [],
      ),
  });
