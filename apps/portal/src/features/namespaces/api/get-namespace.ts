import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';
import { namespaceDetailsFragment } from './namespace-fragments.ts';

const namespaceQuery = withFragments(
  graphql(`
    query Namespace($name: String!) {
      namespace(name: $name) {
        ...NamespaceDetails
      }
    }
  `),
  namespaceDetailsFragment,
);

export const namespaceQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(name), 'details'],
    queryFn: ({ signal }) => platformRequest(namespaceQuery, { name }, signal).then((data) => data.namespace),
    refetchInterval: pollWhile(isChanging),
    // A missing namespace is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useNamespace(name: string) {
  return useQuery(namespaceQueryOptions(name));
}
