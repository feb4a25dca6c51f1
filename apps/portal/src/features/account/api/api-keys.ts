import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountApiKeysQuery } from '@/gql/graphql.ts';
import { accountQueryOptions } from '@/lib/auth/queries.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

const apiKeysQuery = graphql(`
  query AccountApiKeys {
    account {
      id
      apiKeys {
        id
        name
        clientId
        scope
        createdAt
        expiresAt
        lastUsedAt
        revokedAt
      }
    }
  }
`);

/** The account's API keys, newest first; null where an external identity provider keeps them. */
export type ApiKeys = NonNullable<AccountApiKeysQuery['account']>['apiKeys'];
export type ApiKey = NonNullable<ApiKeys>[number];

// Under the account query's key, so refreshing the account after a change refreshes this too.
export const apiKeysKey = [...accountQueryOptions().queryKey, 'api-keys'] as const;

export function useApiKeys() {
  return useQuery(
    queryOptions({
      queryKey: apiKeysKey,
      queryFn: async ({ signal }): Promise<ApiKeys> => {
        const { account } = await platformRequest(apiKeysQuery, {}, signal);
        if (!account) throw new Error('No account for this session');
        return account.apiKeys ?? null;
      },
    }),
  );
}
