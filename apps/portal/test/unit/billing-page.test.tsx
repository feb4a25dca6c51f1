import { screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverviewQuery } from '../../src/gql/billing/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { permissions } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The Billing page (/account/billing): what the billing API says of the signed-in customer, and the ways
// to the provider's hosted pages (billing details, and checkout for a customer without a subscription).

vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

const billingApi = graphql.link('/graphql/billing');

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
      currentPeriodEnd: '2030-01-31T12:00:00.000Z',
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
      currentPeriodEnd: '2030-02-15T12:00:00.000Z',
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

/** The billing API answers with `answers` in turn (the last one from then on); counts the requests. */
function serveBilling(...answers: (BillingOverviewQuery | 'error')[]) {
  let requests = 0;
  server.use(
    billingApi.query('BillingOverview', () => {
      const answer = answers[Math.min(requests, answers.length - 1)];
      requests += 1;
      return answer === 'error'
        ? HttpResponse.json({ errors: [{ message: 'Billing is down', extensions: { code: 'INTERNAL' } }] })
        : HttpResponse.json({ data: answer });
    }),
  );
  return { requests: () => requests };
}

const openBilling = () => renderWithProviders({ path: '/account/billing' });
const section = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
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

  it('shows why a suspended customer is suspended, and what lifts a suspension for payment issues', async () => {
    serveBilling({ ...paying, customer: { id: 'customer-1', suspendedReason: 'PAYMENT_ISSUES' } });
    openBilling();
    expect(await screen.findByText('Your account is suspended for payment issues')).toBeVisible();
    expect(screen.getByText(/The next successful payment lifts the suspension/)).toBeVisible();
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
