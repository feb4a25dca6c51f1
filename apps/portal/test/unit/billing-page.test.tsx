import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  BillingOverviewQuery,
  BillingUnpaidResourcesQuery,
  BillingUsageQuery,
} from '../../src/gql/billing/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import {
  billingApi,
  euros,
  invoices,
  novemberUsage,
  serveBilling,
  serveInvoices,
  serveUnpaid,
  serveUsage,
} from '../support/billing.ts';
import { permissions, suspendedAccount } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The Billing page (/account/billing): what the billing API says of the signed-in customer (subscriptions,
// this month's usage, invoices, card and details), and the ways to the provider's hosted pages (billing
// details, and checkout for a customer without a subscription).

vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

const nothingYet: BillingOverviewQuery = {
  customer: { id: 'customer-1', suspendedReason: null },
  subscriptions: [],
  paymentMethod: null,
  billingDetails: null,
};

const paying: BillingOverviewQuery = {
  customer: { id: 'customer-1', suspendedReason: null },
  subscriptions: [
    {
      id: '2',
      plan: { id: 'cloud-databases-EUR-Monthly', name: 'Cloud databases, monthly (EUR)', price: null },
      status: 'PAST_DUE',
      resourceName: null,
      currentPeriodEnd: '2030-01-31T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      resumable: false,
      pendingPlan: null,
      pendingPlanAt: null,
      planChanges: [],
      createdAt: '2029-12-01T12:00:00.000Z',
      endedAt: null,
    },
    {
      id: '1',
      plan: {
        id: 'serverless-containers-EUR-Monthly',
        name: 'Serverless containers, monthly (EUR)',
        price: { amountCents: 900, currency: 'EUR' },
      },
      status: 'ACTIVE',
      resourceName: null,
      currentPeriodEnd: '2030-02-15T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      resumable: false,
      pendingPlan: null,
      pendingPlanAt: null,
      planChanges: [],
      createdAt: '2029-11-15T12:00:00.000Z',
      endedAt: null,
    },
  ],
  paymentMethod: { brand: 'Visa', last4: '4242', expiryMonth: 3, expiryYear: 2039 },
  billingDetails: {
    companyName: 'Analytical Engines Ltd',
    address: '12 Marylebone Road\nLondon NW1 5LR',
    vatNumber: 'GB123456789',
    invoiceEmail: 'invoices@engines.example',
  },
};

const nothingUsed: BillingUsageQuery['usage'] = {
  ...novemberUsage,
  cost: euros(0),
  forecast: euros(0),
  byResourceType: novemberUsage.byResourceType.map((type) => ({ ...type, cost: euros(0) })),
  namespaces: [],
};

const openBilling = () => renderWithProviders({ path: '/account/billing' });
const section = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
  serveUsage(novemberUsage);
  serveInvoices(invoices);
});

describe('billing page', () => {
  it('shows the subscriptions with price, status and period, the card and the billing details', async () => {
    serveBilling(paying);
    openBilling();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Billing | Berth'));

    const subscriptions = await section('Subscriptions');
    const items = within(subscriptions).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Cloud databases, monthly (EUR)',
      'Serverless containers, monthly (EUR)',
    ]);
    const [databases, containers] = items as [HTMLElement, HTMLElement];
    expect(within(containers).getByText('active')).toBeVisible();
    expect(within(containers).getByText(/€9\.00 per month · Renews on /)).toBeVisible();
    expect(within(containers).getByText(/2030/)).toBeVisible();
    expect(within(databases).getByText('payment overdue')).toBeVisible();
    expect(within(databases).getByText(/Price on request · Paid until /)).toBeVisible();

    expect(
      within(await section('Payment method')).getByText('Visa ending in 4242, expires 03/2039'),
    ).toBeVisible();
    const details = within(await section('Billing details'));
    expect(details.getByText('Analytical Engines Ltd')).toBeVisible();
    expect(details.getByText(/12 Marylebone Road\s+London NW1 5LR/)).toBeVisible();
    expect(details.getByText('GB123456789')).toBeVisible();
    expect(details.getByText('invoices@engines.example')).toBeVisible();
    expect(screen.queryByText(/suspended/)).not.toBeInTheDocument();
  });

  it('is in the navigation as Billing, marked as the current page', async () => {
    serveBilling(paying);
    const { user } = openBilling();
    // The test window is phone-sized: the navigation is in the drawer the menu button opens.
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const navigation = await screen.findByRole('navigation', { name: 'Account' });
    const link = within(navigation).getByRole('link', { name: 'Billing' });
    expect(link).toHaveAttribute('href', '/account/billing');
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
  });

  it('says there is no subscription yet and offers a restricted customer the checkout', async () => {
    serveBilling(nothingYet);
    server.use(permissions('create-limited'));
    let received: unknown;
    server.use(
      http.post('/billing/subscriptions', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_1' });
      }),
    );
    const { user } = openBilling();
    const subscriptions = within(await section('Subscriptions'));
    expect(subscriptions.getByText('No subscription yet')).toBeVisible();
    expect(
      subscriptions.getByText(
        /^The free start costs nothing and needs no card: one namespace with one container and one container job\. .*usage is charged from the day you subscribe/,
      ),
    ).toBeVisible();
    await user.click(await subscriptions.findByRole('button', { name: 'Upgrade to create more' }));
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_1'),
    );
    expect(received).toEqual({ planId: 'serverless-containers-EUR-Monthly', resourceId: 'customer-1' });
    expect(
      within(await section('Payment method')).getByText(
        'No card on file. Your card is saved when you subscribe.',
      ),
    ).toBeVisible();
    expect(within(await section('Billing details')).getByText(/No billing details yet/)).toBeVisible();
  });

  it('offers no checkout to a customer with full access and no subscription', async () => {
    serveBilling(nothingYet);
    openBilling();
    const subscriptions = within(await section('Subscriptions'));
    expect(subscriptions.getByText('No subscription yet')).toBeVisible();
    expect(subscriptions.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says why a suspended customer is suspended as the API does, once, and how a payment lifts it', async () => {
    serveBilling({ ...paying, customer: { id: 'customer-1', suspendedReason: 'PAYMENT_ISSUES' } });
    server.use(suspendedAccount('PAYMENT_ISSUES'), permissions());
    openBilling();
    const sentence =
      'Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page.';
    expect(await screen.findByText(sentence)).toBeVisible();
    expect(screen.getByText(/The next successful payment lifts the suspension/)).toBeVisible();
    // The banner the other pages show stays off the page that says it already.
    await screen.findByRole('region', { name: 'Usage this month' });
    expect(screen.getAllByText(/Your account is suspended/)).toHaveLength(1);
  });

  it('opens the hosted billing-details page', async () => {
    serveBilling(paying);
    server.use(
      http.post('/billing/information/update', () =>
        HttpResponse.json({ url: 'https://pay.example.com/billing/bp_1' }),
      ),
    );
    const { user } = openBilling();
    const button = await screen.findByRole('button', { name: 'Update billing details' });
    await user.click(button);
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/billing/bp_1'),
    );
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('says when the billing-details page cannot be opened', async () => {
    serveBilling(paying);
    server.use(
      http.post('/billing/information/update', () => HttpResponse.json({ message: 'down' }, { status: 502 })),
    );
    const { user } = openBilling();
    await user.click(await screen.findByRole('button', { name: 'Update billing details' }));
    expect(
      await screen.findByText('Something went wrong. Try again or contact customer support'),
    ).toBeVisible();
    expect(leaveForHostedPage).not.toHaveBeenCalled();
  });

  it('shows the loading state, then the error with a way to try again, which loads the page', async () => {
    const served = serveBilling('error', paying);
    const { user } = openBilling();
    expect(await screen.findByLabelText('Loading billing')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Billing could not be loaded' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await section('Subscriptions')).toBeVisible();
    expect(served.requests()).toBe(2);
  });
});

describe('billing page: usage this month', () => {
  it('shows the cost so far and the forecast for the month, named by its days', async () => {
    serveBilling(paying);
    openBilling();
    const usage = within(await section('Usage this month'));
    // The month is UTC's: 1 to 30 November, whatever the browser's time zone.
    expect(await usage.findByText(/November 1\s*–\s*30, 2029/)).toBeVisible();
    expect(within(usage.getByRole('group', { name: 'Cost so far' })).getByText('€14.84')).toBeVisible();
    const forecast = within(usage.getByRole('group', { name: 'Forecast to November 30' }));
    expect(forecast.getByText('€30.90')).toBeVisible();
    expect(forecast.getByText('If what runs now keeps running')).toBeVisible();
  });

  it('is not charged on the free start, and says so', async () => {
    serveBilling(nothingYet);
    server.use(permissions('create-limited'));
    openBilling();
    const usage = within(await section('Usage this month'));
    expect(await usage.findByText('Free start: this usage is not charged')).toBeVisible();
    expect(usage.getByText(/From the day you subscribe, usage is charged/)).toBeVisible();
    const costSoFar = within(usage.getByRole('group', { name: 'Cost so far' }));
    expect(costSoFar.getByText('€14.84')).toBeVisible();
    expect(costSoFar.getByText('Priced by the second of use, not charged')).toBeVisible();
  });

  it('says nothing of the free start to a subscribed customer', async () => {
    serveBilling(paying);
    openBilling();
    const usage = within(await section('Usage this month'));
    expect(await usage.findByText('Charged by the second of use')).toBeVisible();
    expect(usage.queryByText(/free start/i)).not.toBeInTheDocument();
  });

  it('lists the cost by namespace and by resource type as tables with their totals', async () => {
    serveBilling(paying);
    openBilling();
    const usage = within(await section('Usage this month'));
    await usage.findByRole('table', { name: 'Cost by namespace' });
    const rows = (caption: string) =>
      within(usage.getByRole('table', { name: caption }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows('Cost by namespace')).toEqual([
      ['shop', '€12.34'],
      ['blog', '€2.50'],
      ['Total', '€14.84'],
    ]);
    expect(rows('Cost by resource type')).toEqual([
      ['Containers', '€12.50'],
      ['Container jobs', '€0.34'],
      ['Volumes', '€2.00'],
      ['Total', '€14.84'],
    ]);
  });

  it('draws the cost by namespace as bars split by resource type, one image to screen readers', async () => {
    serveBilling(paying);
    openBilling();
    const chart = await within(await section('Usage this month')).findByRole('img', {
      name: /Chart of this month's cost by namespace and resource type/,
    });
    const bars = [...chart.querySelectorAll('rect')].map((bar) => bar.querySelector('title')?.textContent);
    expect(bars).toEqual(
      expect.arrayContaining([
        'shop, Containers: €10.00',
        'shop, Container jobs: €0.34',
        'shop, Volumes: €2.00',
        'blog, Containers: €2.50',
      ]),
    );
    expect(within(chart).getByText('Containers')).toBeInTheDocument();
  });

  it('says when nothing was used this month, without a chart', async () => {
    serveBilling(paying);
    serveUsage(nothingUsed);
    openBilling();
    const usage = within(await section('Usage this month'));
    expect(await usage.findByText(/Nothing used this month yet/)).toBeVisible();
    expect(usage.getAllByText('€0.00')).toHaveLength(2);
    expect(usage.queryByRole('img')).not.toBeInTheDocument();
    expect(usage.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when usage could not be loaded, keeps the rest of the page, and loads it on Try again', async () => {
    serveBilling(paying);
    serveUsage('error');
    const { user } = openBilling();
    const usage = within(await section('Usage this month'));
    expect(await usage.findByRole('heading', { name: 'Usage could not be loaded' })).toBeVisible();
    expect(await section('Subscriptions')).toBeVisible();
    expect(await section('Invoices')).toBeVisible();
    await user.click(usage.getByRole('button', { name: 'Try again' }));
    expect(await usage.findByRole('table', { name: 'Cost by namespace' })).toBeVisible();
  });
});

describe('billing page: invoices', () => {
  it('lists the invoices newest first with number, date, period, total and status, each linking to its page', async () => {
    serveBilling(paying);
    openBilling();
    const table = await within(await section('Invoices')).findByRole('table', { name: 'Invoices' });
    const [, newest, oldest] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(newest).getByRole('link', { name: 'BERTH-000002' })).toHaveAttribute(
      'href',
      '/account/billing/invoices/BERTH-000002',
    );
    expect(within(newest).getByText('payment due')).toBeVisible();
    expect(within(newest).getByText('€9.00')).toBeVisible();
    expect(within(oldest).getByRole('link', { name: 'BERTH-000001' })).toBeVisible();
    expect(within(oldest).getByText('paid')).toBeVisible();
    // Issue date and period, in the browser's time zone (12:00 UTC is the same day from UTC-11 to UTC+11).
    expect(within(oldest).getAllByText('Nov 15, 2029')[0]).toBeInTheDocument();
    expect(within(oldest).getByText(/Nov 15\s*–\s*Dec 15, 2029/)).toBeInTheDocument();
  });

  it('says when there is no invoice yet', async () => {
    serveBilling(nothingYet);
    serveInvoices([]);
    openBilling();
    expect(
      await within(await section('Invoices')).findByText(
        /No invoices yet. Each payment of a subscription brings one./,
      ),
    ).toBeVisible();
  });

  it('says when the invoices could not be loaded, and loads them on Try again', async () => {
    serveBilling(paying);
    serveInvoices('error');
    const { user } = openBilling();
    const section_ = within(await section('Invoices'));
    expect(await section_.findByRole('heading', { name: 'Invoices could not be loaded' })).toBeVisible();
    await user.click(section_.getByRole('button', { name: 'Try again' }));
    expect(await section_.findByRole('link', { name: 'BERTH-000001' })).toBeVisible();
  });
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
    expect(received).toEqual({ planId: 'database-cluster-small-EUR-Monthly', resourceId: 'cluster-orders' });
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
