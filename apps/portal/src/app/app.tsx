import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { QuietBoundary } from '../components/network/quiet-boundary.tsx';
import { useFetchAhead } from '../components/network/use-fetch-ahead.ts';
import { SnackbarHost } from '../components/snackbar/snackbar-host.tsx';
import type { createAppRouter } from './router/router.ts';
import { ColorModeProvider } from './theme/color-mode.tsx';

/** What every screen runs inside: the query client, the theme and the snack bar. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useFetchAhead(loadSnackbarView);
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        {children}
        <QuietBoundary>
          <SnackbarHost />
        </QuietBoundary>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

/**
 * The snack bar's code loads on demand, but is fetched ahead once the first screen is up: the message that
 * needs it most, "You are offline: nothing was sent", comes when it could no longer be fetched.
 */
const loadSnackbarView = () => import('../components/snackbar/snackbar-view.tsx');

/** The portal, given its query client and the router made with it (main.tsx makes both before rendering). */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
