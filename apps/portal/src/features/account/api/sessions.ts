import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionsQuery } from '@/gql/graphql.ts';
import { accountQueryOptions } from '@/lib/auth/queries.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

// The browsers signed in to the account, and signing them out: one of them, or all but this one.

const sessionsQuery = graphql(`
  query AccountSessions {
    account {
      id
      sessions {
        id
        device
        address
        createdAt
        lastSeenAt
        current
      }
    }
  }
`);

const signOutMutation = graphql(`
  mutation AccountSessionSignOut($id: ID!) {
    accountSessionSignOut(id: $id)
  }
`);

const signOutOthersMutation = graphql(`
  mutation AccountSessionsSignOutOthers {
    accountSessionsSignOutOthers
  }
`);

/** The signed-in sessions, the most recently used first; null where an external identity provider keeps them. */
export type AccountSessions = NonNullable<AccountSessionsQuery['account']>['sessions'];
export type AccountSession = NonNullable<AccountSessions>[number];

// Under the account query's key, as the sign-in status is: refreshing the account refreshes this too.
const sessionsKey = [...accountQueryOptions().queryKey, 'sessions'] as const;

export function useAccountSessions() {
  return useQuery(
    queryOptions({
      queryKey: sessionsKey,
      queryFn: async ({ signal }): Promise<AccountSessions> => {
        const { account } = await platformRequest(sessionsQuery, {}, signal);
        if (!account) throw new Error('No account for this session');
        return account.sessions ?? null;
      },
    }),
  );
}

/** A sign-out, done once the list no longer shows what it ended. */
function useSignOut<TVariables, TResult>(signOut: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: TVariables) => {
      const result = await signOut(variables);
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      return result;
    },
  });
}

export const useSignOutSession = () => useSignOut((id: string) => platformRequest(signOutMutation, { id }));

/** How many sessions were signed out. */
export const useSignOutOtherSessions = () =>
  useSignOut(async () => (await platformRequest(signOutOthersMutation, {})).accountSessionsSignOutOthers);
