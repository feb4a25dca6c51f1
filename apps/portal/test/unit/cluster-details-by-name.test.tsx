import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { openCluster } from '../support/cluster-details.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A database cluster addressed by its name alone (/storage/databases/<name>): its page, a choice between
// namespaces, or not found.

describe('a cluster addressed by name alone', () => {
  const serveClusters = (...namespaces: string[]) =>
    server.use(
      graphql.query('CloudDatabaseClusterAddresses', () =>
        HttpResponse.json({
          data: {
            cloudDatabaseClusters: [
              ...namespaces.map((name, index) => ({
                id: `c-${index}`,
                name: 'orders-db',
                namespace: { id: `${index}`, name },
              })),
              { id: 'other', name: 'billing-db', namespace: { id: '9', name: 'shop' } },
            ],
          },
        }),
      ),
    );

  it('opens the one cluster of that name', async () => {
    serveClusters('shop');
    const { router } = openCluster();
    await router.navigate({ to: '/storage/databases/$idOrName', params: { idOrName: 'orders-db' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases/shop/orders-db'));
    expect(await screen.findByRole('heading', { level: 1, name: /orders-db/ })).toBeVisible();
  });

  it('lets the customer pick when several namespaces have one', async () => {
    serveClusters('shop', 'staging');
    renderWithProviders({ path: '/storage/databases/orders-db' });
    expect(await screen.findByRole('heading', { name: 'Which orders-db?' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'orders-db in staging' })).toHaveAttribute(
      'href',
      '/storage/databases/staging/orders-db',
    );
  });

  it('says when there is none', async () => {
    serveClusters();
    renderWithProviders({ path: '/storage/databases/orders-db' });
    expect(await screen.findByRole('heading', { name: 'Database cluster not found' })).toBeVisible();
  });
});
