import { within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BillingUsageQuery } from '../../src/gql/billing/graphql.ts';
import { euros, novemberUsage, serveBilling, serveUsage } from '../support/billing.ts';
import { nothingYet, openBilling, paying, section, serveUsageAndInvoices } from '../support/billing-page.ts';
import { permissions } from '../support/handlers.ts';
import { server } from '../support/server.ts';

// The Billing page's usage this month: the cost so far and the forecast, by namespace and by resource type as
// tables and a chart, whether it is charged, and what the section says when there is nothing or it failed.

const nothingUsed: BillingUsageQuery['usage'] = {
  ...novemberUsage,
  cost: euros(0),
  forecast: euros(0),
  byResourceType: novemberUsage.byResourceType.map((type) => ({ ...type, cost: euros(0) })),
  namespaces: [],
};

beforeEach(serveUsageAndInvoices);

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
