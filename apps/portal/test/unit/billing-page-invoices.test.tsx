import { within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveBilling, serveInvoices } from '../support/billing.ts';
import { nothingYet, openBilling, paying, section, serveUsageAndInvoices } from '../support/billing-page.ts';

// The Billing page's invoices: newest first, each linking to its page, and what the section says when there
// is none or they failed to load.

beforeEach(serveUsageAndInvoices);

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
