import { screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClusterRow } from '../../src/features/databases/api/get-clusters.ts';
import type { LegacyDatabaseRow } from '../../src/features/databases/api/get-legacy-databases.ts';
import type { CloudDatabaseClusterOfferQuery } from '../../src/gql/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { namespace } from '../support/fixtures.ts';
import { permissionsWith } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The cloud databases' list (/storage/databases: clusters across namespaces, then legacy single-node
// databases), what /storage shows a customer without the cloud-database subscription, and a namespace's
// Databases tab.

// The tab does not leave for the payment provider in a test: the address it would go to is recorded.
vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

function cluster(name: string, namespaceName: string, changes: Partial<ClusterRow> = {}): ClusterRow {
  return {
    id: `c-${namespaceName}-${name}`,
    name,
    state: 'running',
    locked: false,
    unpaidSince: null,
    unpaidStopAt: null,
    namespace: { id: `ns-${namespaceName}`, name: namespaceName },
    spec: { type: 'postgresql', version: '16' },
    plan: { id: 'm-3', name: 'Medium, high availability', price: { amount: 18000, currency: 'EUR' } },
    ...changes,
  };
}

const ordersDb = cluster('orders-db', 'shop');
const cacheDb = cluster('cache-db', 'staging', {
  state: 'failed',
  spec: { type: 'mysql', version: '8.4' },
  plan: { id: 's-1', name: 'Small', price: { amount: 4500, currency: 'EUR' } },
});
const trialDb = cluster('trial-db', 'shop', {
  plan: { id: 't-1', name: 'Trial', price: { amount: null, currency: null } },
});

const legacyShop: LegacyDatabaseRow = {
  id: '42',
  name: 'legacy-shop',
  state: 'running',
  version: { id: 3, name: 'PostgreSQL 12' },
  nodeType: { key: 'db-small', name: 'Small node' },
  location: { id: 1, name: 'Frankfurt' },
};

type Answer<T> = T[] | 'error';

type Body = { data?: Record<string, unknown>; errors?: { message: string; extensions: { code: string } }[] };

const answerWith = <T,>(answer: Answer<T> | undefined, data: (rows: T[]) => Record<string, unknown>) =>
  answer === 'error' || !answer
    ? HttpResponse.json<Body>({
        errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
      })
    : HttpResponse.json<Body>({ data: data(answer) });

/**
 * Answers the clusters with each answer in turn (the last one from then on), and the legacy databases with
 * `legacy`; counts the requests for each.
 */
function serveDatabases({
  clusters = [[ordersDb, cacheDb, trialDb]],
  legacy = [legacyShop],
}: { clusters?: Answer<ClusterRow>[]; legacy?: Answer<LegacyDatabaseRow> } = {}) {
  const requests = { clusters: 0, legacy: 0 };
  server.use(
    graphql.query('CloudDatabaseClusters', () => {
      const answer = clusters[Math.min(requests.clusters, clusters.length - 1)];
      requests.clusters += 1;
      return answerWith(answer, (rows) => ({ cloudDatabaseClusters: rows }));
    }),
    graphql.query('CloudDatabases', () => {
      requests.legacy += 1;
      return answerWith(legacy, (rows) => ({ cloudDatabases: rows }));
    }),
  );
  return requests;
}

const table = (name: string) => within(screen.getByRole('table', { name }));

/** The cells of a row, as text, in the order of the columns. */
function cells(tableName: string, name: string): (string | null)[] {
  const row = table(tableName)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('link', { name }));
  if (!row) throw new Error(`No row ${name} in ${tableName}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('cloud databases list', () => {
  it('lists the clusters of every namespace with engine and version, plan, state and monthly price', async () => {
    serveDatabases();
    renderWithProviders({ path: '/storage/databases' });
    await screen.findByRole('link', { name: 'orders-db' });
    const headers = table('Database clusters')
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Engine', 'Plan', 'State', 'Monthly price']);

    expect(cells('Database clusters', 'orders-db')).toEqual([
      'orders-db',
      'shop',
      'PostgreSQL 16',
      'Medium, high availability',
      'running',
      '€180.00',
    ]);
    expect(cells('Database clusters', 'cache-db')).toEqual([
      'cache-db',
      'staging',
      'MySQL 8.4',
      'Small',
      'failed',
      '€45.00',
    ]);
    // A plan the platform lists no price for.
    expect(cells('Database clusters', 'trial-db')[5]).toBe('—');
    expect(document.title).toBe('Cloud Database(s) | Berth');
  });

  it("links each cluster to its page and its namespace to the namespace's Databases tab", async () => {
    serveDatabases();
    renderWithProviders({ path: '/storage/databases' });
    expect(await screen.findByRole('link', { name: 'cache-db' })).toHaveAttribute(
      'href',
      '/storage/databases/staging/cache-db',
    );
    expect(table('Database clusters').getByRole('link', { name: 'staging' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/staging/databases',
    );
    expect(screen.getByRole('link', { name: 'Create a cloud database' })).toHaveAttribute(
      'href',
      '/storage/databases/new',
    );
  });

  it('lists the legacy single-node databases below, each linking to its page by id', async () => {
    serveDatabases();
    renderWithProviders({ path: '/storage/databases' });
    const legacy = within(await screen.findByRole('region', { name: 'Single-node databases' }));
    expect(await legacy.findByRole('link', { name: 'legacy-shop' })).toHaveAttribute(
      'href',
      '/storage/databases/42',
    );
    expect(cells('Single-node databases', 'legacy-shop')).toEqual([
      'legacy-shop',
      'PostgreSQL 12',
      'Small node',
      'Frankfurt',
      'running',
    ]);
    expect(table('Database clusters').queryByRole('link', { name: 'legacy-shop' })).not.toBeInTheDocument();
  });

  it('says there are no clusters yet and offers to create one; no legacy section without legacy databases', async () => {
    const requests = serveDatabases({ clusters: [[]], legacy: [] });
    renderWithProviders({ path: '/storage/databases' });
    expect(await screen.findByRole('heading', { name: 'No database clusters yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a cloud database' })).toHaveAttribute(
      'href',
      '/storage/databases/new',
    );
    await waitFor(() => expect(requests.legacy).toBe(1));
    expect(screen.queryByRole('region', { name: 'Single-node databases' })).not.toBeInTheDocument();
  });

  it('says when the clusters could not be loaded, and loads them on Try again', async () => {
    const requests = serveDatabases({ clusters: ['error', [ordersDb]], legacy: [] });
    const { user } = renderWithProviders({ path: '/storage/databases' });
    expect(
      await screen.findByRole('heading', { name: 'The database clusters could not be loaded' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'orders-db' })).toBeVisible();
    expect(requests.clusters).toBe(2);
  });

  it('says when the legacy databases could not be loaded, without asking again by itself, and loads them on Try again', async () => {
    const failing = serveDatabases({ legacy: 'error' });
    const { user } = renderWithProviders({ path: '/storage/databases' });
    const legacy = within(await screen.findByRole('region', { name: 'Single-node databases' }));
    expect(
      await legacy.findByRole('heading', { name: 'The single-node databases could not be loaded' }),
    ).toBeVisible();
    // The section stays with its error, and stops asking (its list, as it appears, asks once more).
    const asked = failing.legacy;
    expect(asked).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(failing.legacy).toBe(asked);
    expect(
      legacy.getByRole('heading', { name: 'The single-node databases could not be loaded' }),
    ).toBeVisible();

    const answering = serveDatabases();
    await user.click(legacy.getByRole('button', { name: 'Try again' }));
    expect(await legacy.findByRole('link', { name: 'legacy-shop' })).toBeVisible();
    expect(answering.legacy).toBe(1);
  });
});

describe('without the cloud-database subscription', () => {
  const withoutCloudDatabases = () =>
    server.use(permissionsWith({ serverlessContainer: ['create'], cloudDatabases: false }));

  it('explains the subscription and offers it instead of the list, which is not asked for', async () => {
    withoutCloudDatabases();
    const requests = serveDatabases();
    renderWithProviders({ path: '/storage' });
    const offer = within(await screen.findByRole('region', { name: 'Cloud databases subscription' }));
    expect(offer.getByRole('heading', { name: 'Cloud databases need their own subscription' })).toBeVisible();
    expect(offer.getByText(/managed PostgreSQL and MySQL clusters in your namespaces/)).toBeVisible();
    expect(offer.getByRole('button', { name: 'Subscribe to cloud databases' })).toBeEnabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a cloud database' })).not.toBeInTheDocument();
    expect(requests).toEqual({ clusters: 0, legacy: 0 });
  });

  it('opens the checkout of the cloud-databases plan for the customer', async () => {
    withoutCloudDatabases();
    let received: unknown;
    server.use(
      http.post('/billing/subscriptions', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_db' });
      }),
    );
    const { user } = renderWithProviders({ path: '/storage/databases' });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to cloud databases' }));
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_db'),
    );
    expect(received).toEqual({ planId: 'cloud-databases-EUR-Monthly', resourceId: 'customer-1' });
  });

  it('keeps the create page behind the same offer', async () => {
    withoutCloudDatabases();
    renderWithProviders({ path: '/storage/databases/new' });
    expect(
      await screen.findByRole('heading', { name: 'Cloud databases need their own subscription' }),
    ).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers a suspended customer no checkout, and says why', async () => {
    server.use(permissionsWith({ serverlessContainer: [], cloudDatabases: false }));
    renderWithProviders({ path: '/storage/databases' });
    expect(
      await screen.findByText(
        'Your account is suspended: subscribing is possible once the suspension is lifted.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe to cloud databases' })).not.toBeInTheDocument();
  });

  it('with the subscription, /storage is the list', async () => {
    serveDatabases();
    const { router } = renderWithProviders({ path: '/storage' });
    expect(await screen.findByRole('link', { name: 'orders-db' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/storage/databases');
    expect(screen.queryByRole('region', { name: 'Cloud databases subscription' })).not.toBeInTheDocument();
  });
});

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
