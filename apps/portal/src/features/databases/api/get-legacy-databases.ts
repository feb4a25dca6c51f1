import { queryOptions } from '@tanstack/react-query';
import type { LegacyDatabaseRowFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { legacyDatabaseRowFragment } from './cluster-fragments.ts';

// Legacy (single-node) databases, listed below the clusters; their pages are addressed by numeric id.
const legacyDatabasesQuery = withFragments(
  graphql(`
    query CloudDatabases {
      cloudDatabases {
        ...LegacyDatabaseRow
      }
    }
  `),
  legacyDatabaseRowFragment,
);

/** Legacy databases have no lock: their state alone tells that a change is under way. */
export const legacyDatabasesQueryOptions = () =>
  queryOptions({
    queryKey: ['cloud-databases', 'list'],
    queryFn: ({ signal }) =>
      platformRequest(legacyDatabasesQuery, {}, signal).then((data) =>
        data.cloudDatabases.map((database) => ({ ...database, locked: false })),
      ),
  });

export type LegacyDatabaseRow = LegacyDatabaseRowFragment;
