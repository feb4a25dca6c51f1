import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { serveBilling } from '../support/billing.ts';
import { nothingYet, openBilling, paying, section, serveUsageAndInvoices } from '../support/billing-page.ts';
import { permissions, suspendedAccount } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The Billing page (/account/billing): what the billing API says of the signed-in customer (subscriptions,
// card and details), the page in the navigation, its loading and error states, and the ways to the provider's
// hosted pages (billing details, and checkout for a customer without a subscription).

vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
  serveUsageAndInvoices();
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

  it('back from a checkout cancelled on the hosted page, says nothing was charged and stays on Billing', async () => {
    serveBilling(nothingYet);
    server.use(permissions('create-limited'));
    const { router } = renderWithProviders({ path: '/account/billing?checkout=cancelled' });
    expect(
      await screen.findByText('Checkout cancelled. Nothing was charged and your plan is unchanged.'),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(router.state.location.pathname).toBe('/account/billing');
    expect(await section('Subscriptions')).toBeVisible();
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
    expect(received).toEqual({
      planId: 'serverless-containers-EUR-Monthly',
      resourceId: 'customer-1',
      startedOn: 'billing',
    });
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
