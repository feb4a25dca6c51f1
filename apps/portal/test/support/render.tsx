import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { AppProviders } from '../../src/app/app.tsx';
import { createAppQueryClient } from '../../src/app/query-client.ts';
import { createAppRouter } from '../../src/app/router/router.ts';

/**
 * Renders as the portal does, with its query client, theme, snack bar and a router: either `ui` alone (a
 * component with links) or, given `{ path }`, the portal's own routes from that address, guard and app shell
 * included. Requests go to the handlers of support/server.ts.
 */
export function renderWithProviders(what: ReactElement | { path: string }) {
  const queryClient = createAppQueryClient();
  const history = createMemoryHistory({ initialEntries: ['path' in what ? what.path : '/'] });
  const router: AnyRouter =
    'path' in what
      ? createAppRouter(queryClient, history)
      : createRouter({
          routeTree: createRootRoute({ staticData: { title: null }, component: () => what }),
          history,
        });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, user, queryClient, router };
}
