import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { SnackbarHost } from '../components/snackbar/snackbar-host.tsx';
import type { createAppRouter } from './router/router.ts';
import { ColorModeProvider } from './theme/color-mode.tsx';

/** What every screen runs inside: the query client, the theme and the snack bar. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        {children}
        <SnackbarHost />
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

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
