import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '../../config/env.ts';
import { graphql } from '../graphql/document.ts';
import { platformRequest } from '../graphql/platform.ts';
import { accessStatus, type AccessStatus } from './access.ts';
import { fetchPermissions } from './permissions.ts';
import { session } from './session.ts';

const accountQuery = graphql(`
  query Account {
    account {
      id
      role
      email
      name
      emailVerified
      customer {
        id
        name
        recurringPayment
        suspendedReason
      }
    }
  }
`);

// The account and permissions are the session's, not a screen's: they stay cached while the tab lives,
// and the guard revalidates them on navigation.
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'account'],
    queryFn: async ({ signal }) => {
      const { account } = await platformRequest(accountQuery, {}, signal);
      if (!account) throw new Error('No account for this session');
      return account;
    },
    staleTime: 30_000,
    gcTime: Infinity,
  });

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'permissions'],
    queryFn: async () =>
      fetchPermissions({
        tokenEndpoint: await session.getTokenEndpoint(),
        accessToken: await session.getAccessToken(),
        audience: env.apiAudience,
      }).catch(() => ({})),
    staleTime: 30_000,
    gcTime: Infinity,
  });

export function useAccount() {
  return useQuery(accountQueryOptions());
}

/**
 * The account as the app shell waits for it: loaded, or failed once no request for it is under way (a retry
 * shows it loading again). A failure is not asked again just because the shell mounts: Try again does that.
 */
export function useAccountLoad() {
  const { data, error, isFetching } = useQuery({ ...accountQueryOptions(), retryOnMount: false });
  return { loaded: data !== undefined, failed: error !== null && !isFetching, error };
}

/** Access status of the signed-in customer; `undefined` until the permissions are known. */
export function useAccess(): AccessStatus | undefined {
  const { data } = useQuery({ ...permissionsQueryOptions(), select: accessStatus });
  return data;
}
