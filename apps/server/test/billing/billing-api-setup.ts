import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { graphql } from '../generated/billing/gql.ts';
import { checkoutUrl, detailsUrl, GOOD_CARD, postForm } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { billingApi } from '../support/http.ts';
import { useServer } from '../support/server.ts';

// The billing API (/graphql/billing) as the portal's Billing page reads it: the signed-in customer's
// subscriptions, card and billing details, filled by the local provider's hosted pages.

export const BILLING_OVERVIEW = graphql(`
  query BillingOverview {
    customer {
      id
      name
      suspendedReason
    }
    subscriptions {
      id
      plan {
        id
        name
        price {
          amountCents
          currency
        }
      }
      status
      resourceId
      currentPeriodEnd
      createdAt
      endedAt
    }
    paymentMethod {
      brand
      last4
      expiryMonth
      expiryYear
    }
    billingDetails {
      companyName
      address
      vatNumber
      invoiceEmail
    }
  }
`);

/** The hosted billing-details form as a customer fills it in: the address in parts. */
export const DETAILS = {
  companyName: 'Analytical Engines Ltd',
  street: '12 Marylebone Road',
  postalCode: 'NW1 5LR',
  city: 'London',
  country: 'United Kingdom',
  vatNumber: 'gb 123 4567 89',
  invoiceEmail: 'invoices@engines.example',
};

/** DETAILS as the billing API answers them: the address as one text, a line each, as invoices show it. */
export const SAVED_DETAILS = {
  companyName: 'Analytical Engines Ltd',
  address: '12 Marylebone Road\nNW1 5LR London\nUnited Kingdom',
  vatNumber: 'GB123456789',
  invoiceEmail: 'invoices@engines.example',
};

/**
 * The file's server (with `overrides` of its environment), pricing usage on a known clock (10 February 2026,
 * noon), and its customers' billing API.
 */
export function useBillingApiServer(overrides: Record<string, string> = {}) {
  const suite = useServer(overrides, { clock: () => new Date('2026-02-10T12:00:00Z') });
  const billing = (customer: TestCustomer) => billingApi(suite.server.url, () => customer.token());

  /** A customer who paid the local checkout with the test card and saved billing details. */
  async function payingCustomer() {
    const customer = await createCustomer(suite.server, { name: 'Analytical Engines' });
    expect((await postForm(await checkoutUrl(suite.server, customer), GOOD_CARD)).status).toBe(303);
    expect((await postForm(await detailsUrl(suite.server, customer), DETAILS)).status).toBe(303);
    return customer;
  }

  /**
   * A paying customer whose first period had 73 h of a CPU_1000_RAM_2000 replica (680 cents a month): 68 cents
   * of usage for the renewal at the period's end to charge.
   */
  async function customerWithUsage() {
    const customer = await payingCustomer();
    const [subscription] = (await billing(customer).data(BILLING_OVERVIEW)).subscriptions;
    const periodEnd = new Date(subscription?.currentPeriodEnd ?? '');
    const periodStart = new Date(periodEnd.getTime() - 30 * 86_400_000);
    await suite.server.berth.database.db.execute(sql`
      INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at, ended_at)
      VALUES (${customer.customerId}, 'shop', 'CONTAINER', 'web', 'web-abcde-1', ${`hand:${customer.customerId}`}, 'CPU_1000_RAM_2000',
        ${new Date(periodStart.getTime() + 3600_000).toISOString()}, ${new Date(periodStart.getTime() + 74 * 3600_000).toISOString()})`);
    return { customer, periodStart, periodEnd };
  }

  return { suite, billing, payingCustomer, customerWithUsage };
}
