import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingUnpaidResourcesQuery } from '../../src/gql/billing/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { billingApi, euros, serveBilling, serveUnpaid } from '../support/billing.ts';
import { openBilling, paying, section, serveUsageAndInvoices } from '../support/billing-page.ts';
import { server } from '../support/server.ts';

// The Billing page's unpaid resources (pay later): each cluster running or stopped unpaid, and the checkout of
// its own plan for it.

vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
  serveUsageAndInvoices();
});

type UnpaidResource = BillingUnpaidResourcesQuery['unpaidResources'][number];

const clusterPlan = {
  id: 'database-cluster-small-EUR-Monthly',
  name: 'Database cluster Small, monthly (EUR)',
  price: euros(2900),
};
// 12:00 UTC is the same day from UTC-11 to UTC+11, whatever the browser's time zone.
const running: UnpaidResource = {
  id: 'cluster-orders',
  kind: 'DATABASE_CLUSTER',
  name: 'orders',
  namespace: 'shop',
  plan: clusterPlan,
  unpaidSince: '2030-01-02T12:00:00.000Z',
  stopsAt: '2030-01-09T12:00:00.000Z',
  stopped: false,
};
const stopped: UnpaidResource = {
  id: 'cluster-events',
  kind: 'DATABASE_CLUSTER',
  name: 'events',
  namespace: 'blog',
  plan: clusterPlan,
  unpaidSince: '2029-12-20T12:00:00.000Z',
  stopsAt: null,
  stopped: true,
};

describe('billing page: unpaid resources (pay later)', () => {
  it('shows no Unpaid section when everything is paid for', async () => {
    serveBilling(paying);
    let asked = false;
    server.use(
      billingApi.query('BillingUnpaidResources', () => {
        asked = true;
        return HttpResponse.json({ data: { unpaidResources: [] } });
      }),
    );
    openBilling();
    await within(await section('Invoices')).findByRole('link', { name: 'BERTH-000001' });
    await waitFor(() => expect(asked).toBe(true));
    await within(await section('Usage this month')).findByRole('table', { name: 'Cost by namespace' });
    expect(screen.queryByRole('region', { name: 'Unpaid' })).not.toBeInTheDocument();
  });

  it('lists each unpaid cluster between the subscriptions and the usage: when it stops, or that it stopped', async () => {
    serveBilling(paying);
    serveUnpaid([stopped, running]);
    openBilling();
    const unpaid = await section('Unpaid');
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(regions.slice(0, 3)).toEqual(['Subscriptions', 'Unpaid', 'Usage this month']);

    const [events, orders] = within(unpaid).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(
      within(orders).getByText('Database cluster orders in shop · €29.00/month · unpaid since Jan 2, 2030'),
    ).toBeVisible();
    const ordersAlert = within(orders).getByRole('alert');
    expect(ordersAlert).toHaveTextContent('Stops on Jan 9, 2030.');
    expect(ordersAlert).toHaveClass('MuiAlert-outlinedWarning');

    expect(
      within(events).getByText('Database cluster events in blog · €29.00/month · unpaid since Dec 20, 2029'),
    ).toBeVisible();
    const eventsAlert = within(events).getByRole('alert');
    expect(eventsAlert).toHaveTextContent(
      'Stopped on non-payment: nothing was deleted; paying starts it again.',
    );
    expect(eventsAlert).toHaveClass('MuiAlert-outlinedError');
    expect(within(orders).getByRole('button', { name: 'Pay for orders' })).toBeEnabled();
    expect(within(events).getByRole('button', { name: 'Pay for events' })).toBeEnabled();
  });

  it("starts the checkout of the cluster's own plan for that cluster, busy until the tab has left", async () => {
    serveBilling(paying);
    serveUnpaid([stopped, running]);
    let received: unknown;
    server.use(
      http.post('/billing/subscriptions', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_orders' });
      }),
    );
    const { user } = openBilling();
    const unpaid = within(await section('Unpaid'));
    const pay = unpaid.getByRole('button', { name: 'Pay for orders' });
    await user.click(pay);
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_orders'),
    );
    expect(received).toEqual({
      planId: 'database-cluster-small-EUR-Monthly',
      resourceId: 'cluster-orders',
      startedOn: 'billing',
    });
    expect(pay).toBeDisabled();
    expect(unpaid.getByRole('button', { name: 'Pay for events' })).toBeEnabled();
  });

  it('says in the snack bar when the checkout cannot be opened, and the button can be pressed again', async () => {
    serveBilling(paying);
    serveUnpaid([running]);
    server.use(
      http.post('/billing/subscriptions', () => HttpResponse.json({ message: 'down' }, { status: 502 })),
    );
    const { user } = openBilling();
    const pay = within(await section('Unpaid')).getByRole('button', { name: 'Pay for orders' });
    await user.click(pay);
    expect(
      await screen.findByText('Something went wrong. Try again or contact customer support'),
    ).toBeVisible();
    expect(leaveForHostedPage).not.toHaveBeenCalled();
    await waitFor(() => expect(pay).toBeEnabled());
  });

  it('says when the unpaid resources could not be loaded, and loads them on Try again', async () => {
    serveBilling(paying);
    server.use(
      billingApi.query('BillingUnpaidResources', () =>
        HttpResponse.json({ errors: [{ message: 'Billing is down', extensions: { code: 'INTERNAL' } }] }),
      ),
    );
    const { user } = openBilling();
    const unpaid = within(await section('Unpaid'));
    expect(
      await unpaid.findByRole('heading', { name: 'Unpaid resources could not be loaded' }),
    ).toBeVisible();
    serveUnpaid([running]);
    await user.click(unpaid.getByRole('button', { name: 'Try again' }));
    expect(await unpaid.findByRole('button', { name: 'Pay for orders' })).toBeVisible();
  });
});
