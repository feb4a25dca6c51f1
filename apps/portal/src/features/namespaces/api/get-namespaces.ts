import { queryOptions } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceRowFragment } from './namespace-fragments.ts';

const namespacesQuery = withFragments(
  graphql(`
    query Namespaces {
      namespaces {
        ...NamespaceRow
      }
    }
  `),
  namespaceRowFragment,
);

export const namespacesQueryOptions = () =>
  queryOptions({
    queryKey: ['namespaces', 'list'],
    queryFn: ({ signal }) => platformRequest(namespacesQuery, {}, signal).then((data) => data.namespaces),
  });
