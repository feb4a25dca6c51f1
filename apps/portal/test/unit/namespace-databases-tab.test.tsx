import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ClusterRow } from '../../src/features/databases/api/get-clusters.ts';
import type { CloudDatabaseClusterOfferQuery } from '../../src/gql/graphql.ts';
import { cells, ordersDb, table, trialDb } from '../support/cloud-databases.ts';
import { namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A namespace's Databases tab (/compute/serverless-containers/<namespace>/databases): its clusters, and the
// way to create one in it.

describe("a namespace's Databases tab", () => {
  /** The namespace shop, whose tab lists `clusters`. */
  function openTab(clusters: ClusterRow[]) {
    const asked: unknown[] = [];
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      graphql.query('NamespaceDatabaseClusters', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({ data: { namespace: { id: '1', cloudDatabaseClusters: clusters } } });
      }),
    );
    return { ...renderWithProviders({ path: '/compute/serverless-containers/shop/databases' }), asked };
  }

  it("lists the namespace's clusters, without a namespace column", async () => {
    const { asked } = openTab([ordersDb, trialDb]);
    expect(await screen.findByRole('link', { name: 'orders-db' })).toHaveAttribute(
      'href',
      '/storage/databases/shop/orders-db',
    );
    expect(asked).toEqual([{ namespace: 'shop' }]);
    expect(
      table('Database clusters')
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Engine', 'Plan', 'State', 'Monthly price']);
    expect(cells('Database clusters', 'orders-db')).toEqual([
      'orders-db',
      'PostgreSQL 16',
      'Medium, high availability',
      'running',
      '€180.00',
    ]);
    expect(screen.getByRole('tab', { name: 'Databases', selected: true })).toBeVisible();
  });

  it('offers to create a cluster in this namespace, which the create page has chosen', async () => {
    server.use(
      graphql.query('CloudDatabaseClusterOffer', () =>
        HttpResponse.json({
          data: {
            cloudDatabaseClusterPlans: [],
            cloudDatabaseClusterVersions: [{ type: 'postgresql', version: '17', patchLevelVersion: '17.6' }],
            namespaces: [
              { name: 'blog', state: 'created' },
              { name: 'shop', state: 'created' },
            ],
          } satisfies CloudDatabaseClusterOfferQuery,
        }),
      ),
    );
    const { user, router } = openTab([ordersDb]);
    const create = await screen.findByRole('link', { name: 'Create a cloud database' });
    expect(create).toHaveAttribute('href', '/storage/databases/new?namespace=shop');
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases/new'));
    expect(await screen.findByRole('combobox', { name: /^Namespace/ })).toHaveValue('shop');
  });

  it('says the namespace has no clusters, and still offers to create one in it', async () => {
    openTab([]);
    expect(
      await screen.findByRole('heading', { name: 'No database clusters in this namespace' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a cloud database' })).toHaveAttribute(
      'href',
      '/storage/databases/new?namespace=shop',
    );
  });
});
