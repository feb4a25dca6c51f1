import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

const namespaceByIdQuery = graphql(`
  query NamespaceById($id: ID!) {
    namespace(id: $id) {
      name
    }
  }
`);

/** Legacy links address a namespace by id; the portal addresses it by name. */
export const namespaceByIdQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['namespaces', 'by-id', id],
    queryFn: ({ signal }) =>
      platformRequest(namespaceByIdQuery, { id }, signal).then((data) => data.namespace),
    meta: { quietCodes: ['NOT_FOUND'] },
  });
