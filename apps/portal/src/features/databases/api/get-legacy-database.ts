import { useQuery } from '@tanstack/react-query';
import type { CloudDatabaseDetailsQuery } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { isTransitional, pollWhile } from '@/lib/resource-activity.ts';

// A legacy (single-node) cloud database, addressed by its numeric id. The API answers null for one that
// does not exist or is not the customer's.

const legacyDatabaseQuery = graphql(`
  query CloudDatabaseDetails($id: ID!) {
    cloudDatabase(id: $id) {
      id
      name
      hostname
      username
      connectionString
      whitelist
      version {
        id
        type
        key
        name
      }
      nodeType {
        id
        key
        name
        numberOfNodes
        description
        price {
          amount
          currency
        }
        specifications {
          cpu
          ram
          storage
        }
      }
      location {
        id
        name
      }
      state
      createdAt
      deletedAt
    }
  }
`);

export type LegacyDatabase = NonNullable<CloudDatabaseDetailsQuery['cloudDatabase']>;

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
