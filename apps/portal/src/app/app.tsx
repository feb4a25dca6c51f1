import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { SnackbarHost } from '../components/snackbar/snackbar-host.tsx';
import { createAppQueryClient } from './query-client.ts';
import { createAppRouter } from './router/router.ts';
import { ColorModeProvider } from './theme/color-mode.tsx';

export function App() {
  const [queryClient] = useState(createAppQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <RouterProvider router={router} />
        <SnackbarHost />
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
