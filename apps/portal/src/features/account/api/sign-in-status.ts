import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSignInQuery } from '@/gql/graphql.ts';
import { accountQueryOptions } from '@/lib/auth/queries.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

const signInQuery = graphql(`
  query AccountSignIn {
    account {
      id
      pendingEmail
      twoFactor {
        enabled
        enabledAt
        recoveryCodesLeft
      }
    }
  }
`);

type SignInAccount = NonNullable<AccountSignInQuery['account']>;
/** Two-factor sign-in as it stands; null where an external identity provider keeps sign-in. */
export type TwoFactorStatus = SignInAccount['twoFactor'];
/**
 * How the account signs in: two-factor sign-in, and the address it is moving to. Asked for on the account page
 * only, not with the session's account, which every screen loads.
 */
export type SignInStatus = Pick<SignInAccount, 'twoFactor' | 'pendingEmail'>;

// Under the account query's key, so refreshing the account after a change refreshes this too.
const signInStatusKey = [...accountQueryOptions().queryKey, 'sign-in'] as const;

export function useSignInStatus() {
  return useQuery(
    queryOptions({
      queryKey: signInStatusKey,
      queryFn: async ({ signal }): Promise<SignInStatus> => {
        const { account } = await platformRequest(signInQuery, {}, signal);
        if (!account) throw new Error('No account for this session');
        return { twoFactor: account.twoFactor ?? null, pendingEmail: account.pendingEmail ?? null };
      },
    }),
  );
}
