import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { RouteLoadError } from '../../components/network/route-load-error.tsx';
import { accountQueryOptions, permissionsQueryOptions } from '../../lib/auth/queries.ts';
import { createFlags } from '../../lib/flags.ts';
import { isOnline } from '../../lib/network/online-status.ts';
import { databaseClustersKey, messageQueuesKey, namespaceScopeKey } from '../../lib/query-keys.ts';
import { createGlobalGuard } from './guard.ts';
import { resolveRouteMeta } from './route-meta.ts';
import { routeTree } from '../route-tree.gen.ts';

/** The portal's router; `history` is the browser's unless given (tests start at an address in memory). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const flags = createFlags();
  const guard = createGlobalGuard({
    // Cached for the session, revalidated in the background once stale.
    loadAccount: () => queryClient.ensureQueryData({ ...accountQueryOptions(), revalidateIfStale: true }),
    // Offline, the permissions known are used: a fresh ask would wait paused for the connection, holding the
    // navigation (and the page's own offline message) until then.
    refreshPermissions: () =>
      isOnline()
        ? queryClient.fetchQuery({ ...permissionsQueryOptions(), staleTime: 0 })
        : queryClient.ensureQueryData(permissionsQueryOptions()),
    settleFlags: (accountId) => flags.settle(accountId),
    isFeatureEnabled: (flag) => flags.isEnabled(flag),
    clearNamespaceCache: (namespaceName) => {
      queryClient.removeQueries({ queryKey: namespaceScopeKey(namespaceName) });
      queryClient.removeQueries({ queryKey: databaseClustersKey });
      queryClient.removeQueries({ queryKey: messageQueuesKey });
    },
    setTitle: (title) => {
      document.title = title;
    },
  });
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, guard, flags },
    // The account loading indicator appears only if loading is noticeable, and then stays long enough to read.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    // A page that fails (its code did not load, offline) says so inside the shell, not over it.
    defaultErrorComponent: RouteLoadError,
    scrollRestoration: true,
  });
  // A flag switched off while its page is open closes the page at the next refresh, as the guard would.
  flags.subscribe(() => {
    const { featureFlag } = resolveRouteMeta(router.state.matches.map((match) => match.staticData));
    if (featureFlag && !flags.isEnabled(featureFlag))
      void router.navigate({ to: '/not-allowed', replace: true });
  });
  return router;
}

/**
 * Starts fetching the code of the screen at the current address (its route chunks and what they import), so
 * it arrives, and runs, while the guard is still asking the platform for the account: the first render then
 * does not wait for it, and does not share a long task with its evaluation.
 */
export function preloadCurrentScreen(router: ReturnType<typeof createAppRouter>): void {
  const [routes] = router.getMatchedRoutes(router.state.location.pathname);
  // A chunk that fails here is fetched again, and its failure shown, by the navigation itself.
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
