import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { graphql, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyRouteComponent } from '../../src/app/router/lazy-route-component.ts';
import { RouteLoadError } from '../../src/components/network/route-load-error.tsx';
import { setBrowserOnline } from '../support/network.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

afterEach(() => act(() => setBrowserOnline(true)));

describe('offline', () => {
  it('the shell says the browser is offline as a status, until it is back online', async () => {
    renderWithProviders({ path: '/welcome' });
    await screen.findByRole('heading', { name: 'Welcome to the product' });
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

    act(() => setBrowserOnline(false));
    const banner = screen.getByText(/You are offline\. Pages not opened yet cannot load/);
    expect(banner.closest('[role="status"]')).not.toBeNull();

    act(() => setBrowserOnline(true));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it('a form submitted offline says at once that nothing was sent, and sends nothing then or later', async () => {
    const sent: unknown[] = [];
    server.use(
      graphql.mutation('CreateNamespace', ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({ data: { namespaceCreate: { name: 'web' } } });
      }),
    );
    const { user } = renderWithProviders({ path: '/compute/serverless-containers/new' });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'web');

    act(() => setBrowserOnline(false));
    await user.click(screen.getByRole('button', { name: 'Create namespace' }));

    expect(await screen.findByText('You are offline: nothing was sent')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create namespace' })).toBeEnabled();
    act(() => setBrowserOnline(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toEqual([]);
  });
});

describe('a protected page opened offline', () => {
  it('opens with the permissions already known instead of waiting for the connection', async () => {
    server.use(graphql.query('Namespaces', () => HttpResponse.json({ data: { namespaces: [] } })));
    const { router, queryClient } = renderWithProviders({ path: '/compute/serverless-containers' });
    await waitFor(() => expect(queryClient.getQueryData(['session', 'permissions'])).toBeDefined());

    act(() => setBrowserOnline(false));
    await act(() => router.navigate({ to: '/compute/serverless-containers/new' }));

    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeVisible();
  });
});

describe('a page whose code does not load', () => {
  it('says so inside the page with Retry, which loads it once the network is back', async () => {
    let network: 'down' | 'up' = 'down';
    const root = createRootRoute({
      staticData: { title: null },
      component: () => (
        <>
          <nav aria-label="Portal">Navigation</nav>
          <main>
            <Outlet />
          </main>
        </>
      ),
    });
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      staticData: { title: 'Volumes' },
      component: lazyRouteComponent(
        () =>
          network === 'down'
            ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/page.js'))
            : Promise.resolve({ component: () => <h1>Volumes</h1> }),
        'component',
      ),
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: RouteLoadError,
    });
    render(<RouterProvider router={router} />);

    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Portal' })).toBeVisible();

    network = 'up';
    await userEvent.click(main.getByRole('button', { name: 'Retry' }));
    expect(await main.findByRole('heading', { name: 'Volumes' })).toBeVisible();
    expect(main.queryByText('This page could not be loaded')).not.toBeInTheDocument();
  });
});
