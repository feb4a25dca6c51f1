import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSignInQuery } from '@/gql/graphql.ts';
import { accountQueryOptions } from '@/lib/auth/queries.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

const signInQuery = graphql(`
  query AccountSignIn {
    account {
      id
      twoFactor {
        enabled
        enabledAt
        recoveryCodesLeft
      }
    }
  }
`);

/**
 * Two-factor sign-in as it stands; null where an external identity provider keeps sign-in. Asked for on the
 * account page only, not with the session's account, which every screen loads.
 */
export type TwoFactorStatus = NonNullable<AccountSignInQuery['account']>['twoFactor'];

// Under the account query's key, so refreshing the account after a change refreshes this too.
const signInStatusKey = [...accountQueryOptions().queryKey, 'sign-in'] as const;

export function useSignInStatus() {
  return useQuery(
    queryOptions({
      queryKey: signInStatusKey,
      queryFn: async ({ signal }): Promise<TwoFactorStatus> => {
        const { account } = await platformRequest(signInQuery, {}, signal);
        if (!account) throw new Error('No account for this session');
        return account.twoFactor ?? null;
      },
    }),
  );
}
