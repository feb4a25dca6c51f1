import { screen } from '@testing-library/react';
import type { BillingOverviewQuery } from '../../src/gql/billing/graphql.ts';
import { invoices, novemberUsage, serveInvoices, serveUsage } from './billing.ts';
import { renderWithProviders } from './render.tsx';

// The Billing page (/account/billing) as its tests open it: the overviews of a customer without a
// subscription and of a paying one, and the usage and invoices every test is served unless it says otherwise.

export const nothingYet: BillingOverviewQuery = {
  customer: { id: 'customer-1', suspendedReason: null },
  subscriptions: [],
  paymentMethod: null,
  billingDetails: null,
};

export const paying: BillingOverviewQuery = {
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

export const openBilling = () => renderWithProviders({ path: '/account/billing' });
export const section = (name: string) => screen.findByRole('region', { name });

/** This month's usage (November 2029) and the two invoices: each test's start (`beforeEach`). */
export function serveUsageAndInvoices() {
  serveUsage(novemberUsage);
  serveInvoices(invoices);
}
