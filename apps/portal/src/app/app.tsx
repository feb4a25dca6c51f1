import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { SnackbarHost } from '../components/snackbar/snackbar-host.tsx';
import { createAppQueryClient } from './query-client.ts';
import { createAppRouter } from './router/router.ts';
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

export function App() {
  const [queryClient] = useState(createAppQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
