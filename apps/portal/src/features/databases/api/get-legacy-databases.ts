import { queryOptions } from '@tanstack/react-query';
import type { CloudDatabasesQuery } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

// Legacy (single-node) databases, listed below the clusters; their pages are addressed by numeric id.
const legacyDatabasesQuery = graphql(`
  query CloudDatabases {
    cloudDatabases {
      id
      name
      state
      version {
        id
        name
      }
      nodeType {
        key
        name
      }
      location {
        id
        name
      }
    }
  }
`);

/** Legacy databases have no lock: their state alone tells that a change is under way. */
export const legacyDatabasesQueryOptions = () =>
  queryOptions({
    queryKey: ['cloud-databases', 'list'],
    queryFn: ({ signal }) =>
      platformRequest(legacyDatabasesQuery, {}, signal).then((data) =>
        data.cloudDatabases.map((database) => ({ ...database, locked: false })),
      ),
  });

export type LegacyDatabaseRow = CloudDatabasesQuery['cloudDatabases'][number];
