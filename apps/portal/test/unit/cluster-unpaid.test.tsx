import { screen, waitFor, within } from '@testing-library/react';
import { delay, graphql, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClusterDetails } from '../../src/features/databases/api/get-cluster.ts';
import type { ClusterRow } from '../../src/features/databases/api/get-clusters.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { latestPlanCheckoutRequest } from '../../src/lib/billing/plan-checkout-requests.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import { namespace } from '../support/fixtures.ts';
import { account } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// "Pay later" (issue 24): a cluster whose own plan is not paid is marked in the lists and on its page, which
// say when it stops (or that it was stopped for it) and open the checkout of its plan.

// The tab does not leave for the payment provider in a test: the address it would go to is recorded.
vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

const accountId = account?.id ?? '';
const UNPAID_SINCE = '2029-11-01T09:30:00.000Z';
const STOPS_AT = '2029-11-08T09:30:00.000Z';
const STOPPED_AT = '2029-11-08T09:31:00.000Z';

type Payment = 'paid' | 'unpaid' | 'stopped';

/** The fields that say whether the cluster's plan is paid, in each state. */
const payment: Record<Payment, Pick<ClusterRow, 'state' | 'unpaidSince' | 'unpaidStopAt'>> = {
  paid: { state: 'running', unpaidSince: null, unpaidStopAt: null },
  unpaid: { state: 'running', unpaidSince: UNPAID_SINCE, unpaidStopAt: STOPS_AT },
  stopped: { state: 'stopped', unpaidSince: UNPAID_SINCE, unpaidStopAt: null },
};

const plan = { id: 'm-3', name: 'Medium, high availability', price: { amount: 18000, currency: 'EUR' } };

const row = (name: string, state: Payment): ClusterRow => ({
  id: `c-${name}`,
  name,
  locked: false,
  namespace: { id: '1', name: 'shop' },
  spec: { type: 'postgresql', version: '16' },
  plan,
  ...payment[state],
});

const details = (state: Payment): ClusterDetails => ({
  ...row('orders-db', state),
  hostname: 'orders-db.shop.db.localhost',
  port: 5432,
  plan: { ...plan, group: 'General purpose', cpu: 2, memory: 4, storage: 50, replicas: 3 },
  spec: { type: 'postgresql', version: '16', patchLevelVersion: '16.10' },
  users: [{ name: 'admin', role: 'admin', status: 'ready', permissions: [] }],
  databases: [],
  externalConnection: null,
  features: [{ __typename: 'CloudDatabaseClusterAdvisor', enabled: false, status: 'off' }],
  advisories: [],
});

/** The checkout asks of the billing service, answered with a page after `wait` ms, or failing with a 502. */
function serveCheckout({ fail = false, wait = 0 } = {}) {
  const asked: unknown[] = [];
  server.use(
    http.post('/billing/subscriptions', async ({ request }) => {
      asked.push(await request.json());
      await delay(wait);
      return fail
        ? HttpResponse.json({ message: 'down' }, { status: 502 })
        : HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_orders' });
    }),
  );
  return asked;
}

/** The State cell of the cluster `name` in the clusters' table. */
function stateCell(name: string) {
  const table = within(screen.getByRole('table', { name: 'Database clusters' }));
  const headers = table.getAllByRole('columnheader').map((header) => header.textContent);
  const found = table
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('link', { name }));
  if (!found) throw new Error(`No row ${name}`);
  const cell = within(found).getAllByRole('cell')[headers.indexOf('State')];
  if (!cell) throw new Error(`No state in row ${name}`);
  return within(cell);
}

describe('the cloud databases list', () => {
  function openList(clusters: ClusterRow[]) {
    server.use(
      graphql.query('CloudDatabaseClusters', () =>
        HttpResponse.json({ data: { cloudDatabaseClusters: clusters } }),
      ),
      graphql.query('CloudDatabases', () => HttpResponse.json({ data: { cloudDatabases: [] } })),
    );
    return renderWithProviders({ path: '/storage/databases' });
  }

  it('marks an unpaid cluster with the day it stops and one stopped for it, each with Pay; a paid one with neither', async () => {
    openList([row('paid-db', 'paid'), row('unpaid-db', 'unpaid'), row('stopped-db', 'stopped')]);
    await screen.findByRole('link', { name: 'paid-db' });

    const paid = stateCell('paid-db');
    expect(paid.getByText('running')).toBeVisible();
    expect(paid.queryByText(/unpaid/i)).not.toBeInTheDocument();
    expect(paid.queryByRole('button')).not.toBeInTheDocument();

    const unpaid = stateCell('unpaid-db');
    expect(unpaid.getByText('running')).toBeVisible();
    // Read as a whole: the plan is what is unpaid.
    expect(unpaid.getByText('Unpaid').textContent).toBe('Unpaid plan');
    expect(unpaid.getByText(`Stops on ${formatDateTime(STOPS_AT)}`)).toBeVisible();
    expect(unpaid.getByRole('button', { name: 'Pay for unpaid-db' })).toHaveTextContent('Pay');

    const stopped = stateCell('stopped-db');
    expect(stopped.getByText('stopped')).toBeVisible();
    expect(stopped.getByText('Stopped: unpaid').textContent).toBe('Stopped: unpaid plan');
    expect(stopped.queryByText(/^Stops on/)).not.toBeInTheDocument();
    expect(stopped.getByRole('button', { name: 'Pay for stopped-db' })).toBeEnabled();
  });

  it("opens the checkout of the cluster's plan for that cluster, busy until the tab has left", async () => {
    const asked = serveCheckout({ wait: 300 });
    const { user } = openList([row('unpaid-db', 'unpaid')]);
    const pay = await screen.findByRole('button', { name: 'Pay for unpaid-db' });
    await user.click(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_orders'),
    );
    expect(asked).toEqual([{ planId: 'm-3', resourceId: 'c-unpaid-db' }]);
    // The checkout comes back to the cloud databases, which then open this cluster's page.
    expect(latestPlanCheckoutRequest('cluster', accountId)).toMatchObject({
      resourceId: 'c-unpaid-db',
      namespace: 'shop',
      name: 'unpaid-db',
    });
    expect(pay).toBeDisabled();
  });

  it('says so in the snack bar when the checkout cannot be opened, and can be tried again', async () => {
    serveCheckout({ fail: true });
    const { user } = openList([row('stopped-db', 'stopped')]);
    const pay = await screen.findByRole('button', { name: 'Pay for stopped-db' });
    await user.click(pay);
    expect(
      await screen.findByText('Something went wrong. Try again or contact customer support'),
    ).toBeVisible();
    expect(leaveForHostedPage).not.toHaveBeenCalled();
    expect(latestPlanCheckoutRequest('cluster', accountId)).toBeNull();
    expect(pay).toBeEnabled();
  });

  it("marks them on a namespace's Databases tab too", async () => {
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      graphql.query('NamespaceDatabaseClusters', () =>
        HttpResponse.json({
          data: { namespace: { id: '1', cloudDatabaseClusters: [row('unpaid-db', 'unpaid')] } },
        }),
      ),
    );
    renderWithProviders({ path: '/compute/serverless-containers/shop/databases' });
    await screen.findByRole('link', { name: 'unpaid-db' });
    const unpaid = stateCell('unpaid-db');
    expect(unpaid.getByText('Unpaid')).toBeVisible();
    expect(unpaid.getByRole('button', { name: 'Pay for unpaid-db' })).toBeEnabled();
  });
});

describe("a cluster's page", () => {
  /** The page of orders-db, paid or not; its events say when it was stopped. */
  function openCluster(state: Payment) {
    const eventsAsked: unknown[] = [];
    server.use(
      graphql.query('CloudDatabaseClusterDetails', () =>
        HttpResponse.json({ data: { cloudDatabaseCluster: details(state) } }),
      ),
      graphql.query('CloudDatabaseClusterEventTimes', ({ variables }) => {
        eventsAsked.push(variables);
        return HttpResponse.json({
          data: {
            cloudDatabaseCluster: {
              id: 'c-orders-db',
              events: [
                { id: '9', type: 'CHANGED', occurredAt: '2029-11-09T10:00:00.000Z' },
                { id: '8', type: 'STOPPED_UNPAID', occurredAt: STOPPED_AT },
                { id: '1', type: 'CREATED', occurredAt: UNPAID_SINCE },
              ],
            },
          },
        });
      }),
    );
    return { ...renderWithProviders({ path: '/storage/databases/shop/orders-db' }), eventsAsked };
  }

  const notice = () => screen.getByRole('region', { name: 'Unpaid plan' });

  it('says nothing of payment while the plan is paid, and does not ask when it was stopped', async () => {
    const { eventsAsked } = openCluster('paid');
    expect(await screen.findByRole('region', { name: 'Details' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Unpaid plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(eventsAsked).toEqual([]);
  });

  it('says when an unpaid cluster stops, and pays for it at the price of its plan', async () => {
    const asked = serveCheckout({ wait: 300 });
    const { user, eventsAsked } = openCluster('unpaid');
    expect(await screen.findByRole('region', { name: 'Unpaid plan' })).toHaveTextContent(
      `The plan of this cluster is not paid. It will be stopped on ${formatDateTime(STOPS_AT)} unless it is paid; nothing is deleted.`,
    );
    expect(within(notice()).getByText('€180.00 per month for Medium, high availability')).toBeVisible();
    // Above everything else on the page.
    expect(
      notice().compareDocumentPosition(screen.getByRole('region', { name: 'Details' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const pay = within(notice()).getByRole('button', { name: 'Pay for this cluster' });
    await user.click(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_orders'),
    );
    expect(asked).toEqual([{ planId: 'm-3', resourceId: 'c-orders-db' }]);
    expect(latestPlanCheckoutRequest('cluster', accountId)).toMatchObject({ resourceId: 'c-orders-db' });
    expect(eventsAsked).toEqual([]);
  });

  it('says when a stopped cluster was stopped for its plan, and that paying starts it again', async () => {
    const asked = serveCheckout();
    const { user, eventsAsked } = openCluster('stopped');
    const stoppedText = `This cluster was stopped on ${formatDateTime(STOPPED_AT)} because its plan is not paid. Pay for it to start it again; its databases and users are kept.`;
    await waitFor(() => expect(notice()).toHaveTextContent(stoppedText));
    expect(eventsAsked).toEqual([{ namespace: 'shop', name: 'orders-db' }]);

    await user.click(within(notice()).getByRole('button', { name: 'Pay for this cluster' }));
    await waitFor(() => expect(leaveForHostedPage).toHaveBeenCalled());
    expect(asked).toEqual([{ planId: 'm-3', resourceId: 'c-orders-db' }]);
  });

  it('says the checkout error in the snack bar, and the button can be pressed again', async () => {
    serveCheckout({ fail: true });
    const { user } = openCluster('unpaid');
    const pay = within(await screen.findByRole('region', { name: 'Unpaid plan' })).getByRole('button', {
      name: 'Pay for this cluster',
    });
    await user.click(pay);
    expect(
      await screen.findByText('Something went wrong. Try again or contact customer support'),
    ).toBeVisible();
    expect(pay).toBeEnabled();
    expect(leaveForHostedPage).not.toHaveBeenCalled();
  });
});
