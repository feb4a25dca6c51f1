import { useQuery } from '@tanstack/react-query';
import type { LegacyDatabaseDetailsFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { isTransitional, pollWhile } from '@/lib/resource-activity.ts';
import { legacyDatabaseDetailsFragment } from './cluster-fragments.ts';

// A legacy (single-node) cloud database, addressed by its numeric id. The API answers null for one that
// does not exist or is not the customer's.

const legacyDatabaseQuery = withFragments(
  graphql(`
    query CloudDatabaseDetails($id: ID!) {
      cloudDatabase(id: $id) {
        ...LegacyDatabaseDetails
      }
    }
  `),
  legacyDatabaseDetailsFragment,
);

export type LegacyDatabase = LegacyDatabaseDetailsFragment;

export function useLegacyDatabase(id: string) {
  return useQuery({
    queryKey: ['cloud-databases', 'details', id],
    queryFn: ({ signal }) =>
      platformRequest(legacyDatabaseQuery, { id }, signal).then((data) => data.cloudDatabase),
    // Followed while it is being created or deleted.
    refetchInterval: pollWhile(
      (database: LegacyDatabase | null) => database !== null && isTransitional(database.state),
    ),
    meta: { quietCodes: ['NOT_FOUND'] },
  });
}
