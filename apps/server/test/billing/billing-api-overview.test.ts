import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../../src/modules/billing/provider.ts';
import { graphql } from '../generated/billing/gql.ts';
import { createCustomer } from '../support/customers.ts';
import { rows, sql } from '../support/billing.ts';
import { billingApi, expectGraphQLError } from '../support/http.ts';
import { BILLING_OVERVIEW, SAVED_DETAILS, useBillingApiServer } from './billing-api-setup.ts';

// The signed-in customer's subscriptions, card and billing details, and nobody else's.

const SUBSCRIPTION_IDS = graphql(`
  query SubscriptionIds {
    subscriptions {
      id
      resourceId
    }
  }
`);

const { suite, billing, payingCustomer } = useBillingApiServer();

describe('the billing API', () => {
  it('answers 401 without a valid bearer token, before GraphQL runs', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await billingApi(suite.server.url, token).gql(SUBSCRIPTION_IDS);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(expectGraphQLError(response, 'UNAUTHENTICATED').message).toMatch(/token/);
    }
  });

  it('shows a new customer nothing to bill: no subscription, card or details, not suspended', async () => {
    const alice = await createCustomer(suite.server, { name: 'Alice Ltd' });
    expect(await billing(alice).data(BILLING_OVERVIEW)).toEqual({
      customer: { id: String(alice.customerId), name: 'Alice Ltd', suspendedReason: null },
      subscriptions: [],
      paymentMethod: null,
      billingDetails: null,
    });
  });

  it('shows what a local checkout and the billing-details page stored: plan, price, period, card, details', async () => {
    const started = Date.now();
    const alice = await payingCustomer();
    const { customer, subscriptions, paymentMethod, billingDetails } =
      await billing(alice).data(BILLING_OVERVIEW);
    expect(customer).toEqual({
      id: String(alice.customerId),
      name: 'Analytical Engines',
      suspendedReason: null,
    });
    expect(subscriptions).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        plan: {
          id: 'serverless-containers-EUR-Monthly',
          name: 'Serverless containers, monthly (EUR)',
          price: { amountCents: 900, currency: 'EUR' },
        },
        status: 'ACTIVE',
        resourceId: String(alice.customerId),
        currentPeriodEnd: expect.any(String),
        createdAt: expect.any(String),
        endedAt: null,
      },
    ]);
    const [subscription] = subscriptions;
    // The local provider's period is 30 days from the payment.
    const periodDays = (Date.parse(subscription?.currentPeriodEnd ?? '') - started) / 86_400_000;
    expect(periodDays).toBeGreaterThan(29.9);
    expect(periodDays).toBeLessThan(30.1);
    expect(Date.parse(subscription?.createdAt ?? '')).toBeGreaterThanOrEqual(started - 1000);
    expect(paymentMethod).toEqual({ brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2039 });
    expect(billingDetails).toEqual(SAVED_DETAILS);
  });

  it('shows an address saved before it was asked in parts as it was typed', async () => {
    const erin = await createCustomer(suite.server);
    // A row as the billing-details form saved it before migration 0028: one free-form text.
    await rows(
      suite.server,
      sql`INSERT INTO billing_customers (customer_id, company_name, address, vat_number, invoice_email)
          VALUES (${erin.customerId}, 'Erin GmbH', ${'Hafenstraße 1\n20457 Hamburg'}, '', 'erin@example.com')`,
    );
    const { billingDetails } = await billing(erin).data(BILLING_OVERVIEW);
    expect(billingDetails).toEqual({
      companyName: 'Erin GmbH',
      address: 'Hafenstraße 1\n20457 Hamburg',
      vatNumber: '',
      invoiceEmail: 'erin@example.com',
    });
  });

  it("never shows another customer's subscriptions, card or details", async () => {
    const alice = await payingCustomer();
    const bob = await createCustomer(suite.server);
    const carol = await payingCustomer();
    const bobs = await billing(bob).data(BILLING_OVERVIEW);
    expect(bobs).toMatchObject({ subscriptions: [], paymentMethod: null, billingDetails: null });
    const carols = await billing(carol).data(SUBSCRIPTION_IDS);
    const alices = await billing(alice).data(SUBSCRIPTION_IDS);
    expect(carols.subscriptions).toEqual([{ id: expect.any(String), resourceId: String(carol.customerId) }]);
    expect(alices.subscriptions).toEqual([{ id: expect.any(String), resourceId: String(alice.customerId) }]);
    expect(alices.subscriptions[0]?.id).not.toBe(carols.subscriptions[0]?.id);
  });

  it('lists subscriptions newest first with their status, ended ones included', async () => {
    const dave = await createCustomer(suite.server);
    const apply = (event: BillingEvent['changes']) =>
      suite.server.services.billing.fulfilment.apply({
        provider: 'local',
        id: `evt_${randomBytes(6).toString('hex')}`,
        changes: event,
      });
    const facts = (planId: string, subscription: string) => ({
      subscription,
      customerId: dave.customerId,
      planId,
      resourceId: String(dave.customerId),
      currentPeriodEnd: '2030-01-31T00:00:00.000Z',
    });
    const containers = facts('serverless-containers-EUR-Monthly', `sub_${randomBytes(4).toString('hex')}`);
    const databases = facts('cloud-databases-EUR-Monthly', `sub_${randomBytes(4).toString('hex')}`);
    await apply([{ kind: 'subscription-activated', ...containers }]);
    await apply([{ kind: 'subscription-activated', ...databases }]);
    await apply([{ kind: 'subscription-updated', status: 'past_due', ...databases }]);
    await apply([{ kind: 'subscription-ended', ...containers }]);

    const { subscriptions } = await billing(dave).data(BILLING_OVERVIEW);
    expect(
      subscriptions.map(({ plan, status, currentPeriodEnd, endedAt }) => ({
        plan: plan.id,
        status,
        currentPeriodEnd,
        ended: endedAt !== null,
      })),
    ).toEqual([
      {
        plan: 'cloud-databases-EUR-Monthly',
        status: 'PAST_DUE',
        currentPeriodEnd: '2030-01-31T00:00:00.000Z',
        ended: false,
      },
      {
        plan: 'serverless-containers-EUR-Monthly',
        status: 'ENDED',
        currentPeriodEnd: '2030-01-31T00:00:00.000Z',
        ended: true,
      },
    ]);
  });

  it('shows why a suspended customer is suspended', async () => {
    const erin = await createCustomer(suite.server, { suspended: 'PAYMENT_ISSUES' });
    const { customer } = await billing(erin).data(BILLING_OVERVIEW);
    expect(customer.suspendedReason).toBe('PAYMENT_ISSUES');
  });

  it('refuses what the platform API has: the schemas are apart', async () => {
    const frank = await createCustomer(suite.server);
    const response = await billing(frank).gql('{ namespaces { id } }');
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors?.[0]?.message).toMatch(/Cannot query field "namespaces" on type "Query"/);
  });
});
