import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

const namespaceNamesQuery = graphql(`
  query NamespaceNames {
    namespaces {
      name
    }
  }
`);

/** Names only: enough for the guard that decides whether a restricted customer may create another one. */
export const namespaceNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['namespaces', 'names'],
    queryFn: ({ signal }) => platformRequest(namespaceNamesQuery, {}, signal).then((data) => data.namespaces),
  });
