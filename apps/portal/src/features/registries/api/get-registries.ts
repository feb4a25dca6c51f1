import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';
import { namespaceScopeKey } from '../../../lib/query-keys.ts';

const namespaceRegistriesQuery = graphql(`
  query NamespaceRegistries($namespace: String!) {
    namespace(name: $namespace) {
      id
      privateRegistries {
        id
        name
        source
        username
        state
        locked
        createdAt
      }
    }
  }
`);

export const registriesQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'registries'],
    queryFn: ({ signal }) =>
      platformRequest(namespaceRegistriesQuery, { namespace }, signal).then(
        (data) => data.namespace.privateRegistries,
      ),
  });
