import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingEvent } from '../../src/modules/billing/provider.ts';
import { graphql } from '../generated/billing/gql.ts';
import { checkoutUrl, detailsUrl, GOOD_CARD, postForm } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { billingApi, expectGraphQLError } from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The billing API (/graphql/billing) as the portal's Billing page reads it: the signed-in customer's
// subscriptions, card and billing details, filled by the local provider's hosted pages.

const BILLING_OVERVIEW = graphql(`
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

const SUBSCRIPTION_IDS = graphql(`
  query SubscriptionIds {
    subscriptions {
      id
      resourceId
    }
  }
`);

const INVOICES = graphql(`
  query Invoices {
    invoices {
      id
      number
      issuedAt
      periodStart
      periodEnd
      status
      lines {
        description
        amount {
          amountCents
          currency
        }
      }
      total {
        amountCents
        currency
      }
      hostedUrl
    }
  }
`);

const INVOICE = graphql(`
  query Invoice($number: String!) {
    invoice(number: $number) {
      number
      total {
        amountCents
      }
    }
  }
`);

const USAGE = graphql(`
  query Usage($startDate: DateTime, $endDate: DateTime) {
    usage(startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      cost {
        amountCents
        currency
      }
      forecast {
        amountCents
      }
      byResourceType {
        resourceType
        cost {
          amountCents
        }
      }
      namespaces {
        name
        cost {
          amountCents
        }
        resources {
          resourceType
          name
          cost {
            amountCents
          }
        }
      }
    }
  }
`);

let server: TestServer;

beforeAll(async () => {
  // Usage is priced on a known clock: 10 February 2026, noon.
  server = await startServer({}, { clock: () => new Date('2026-02-10T12:00:00Z') });
});
afterAll(() => server.close());

const billing = (customer: TestCustomer) => billingApi(server.url, () => customer.token());

const DETAILS = {
  companyName: 'Analytical Engines Ltd',
  address: '12 Marylebone Road\nLondon NW1 5LR',
  vatNumber: 'gb 123 4567 89',
  invoiceEmail: 'invoices@engines.example',
};

/** A customer who paid the local checkout with the test card and saved billing details. */
async function payingCustomer() {
  const customer = await createCustomer(server, { name: 'Analytical Engines' });
  expect((await postForm(await checkoutUrl(server, customer), GOOD_CARD)).status).toBe(303);
  expect((await postForm(await detailsUrl(server, customer), DETAILS)).status).toBe(303);
  return customer;
}

describe('the billing API', () => {
  it('answers 401 without a valid bearer token, before GraphQL runs', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await billingApi(server.url, token).gql(SUBSCRIPTION_IDS);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(expectGraphQLError(response, 'UNAUTHENTICATED').message).toMatch(/token/);
    }
  });

  it('shows a new customer nothing to bill: no subscription, card or details, not suspended', async () => {
    const alice = await createCustomer(server, { name: 'Alice Ltd' });
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
    expect(billingDetails).toEqual({ ...DETAILS, vatNumber: 'GB123456789' });
  });

  it("never shows another customer's subscriptions, card or details", async () => {
    const alice = await payingCustomer();
    const bob = await createCustomer(server);
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
    const dave = await createCustomer(server);
    const apply = (event: BillingEvent['changes']) =>
      server.services.billing.fulfilment.apply({
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
    const erin = await createCustomer(server, { suspended: 'PAYMENT_ISSUES' });
    const { customer } = await billing(erin).data(BILLING_OVERVIEW);
    expect(customer.suspendedReason).toBe('PAYMENT_ISSUES');
  });

  it('lists the invoice of a local checkout, numbered by us, and finds it by its number', async () => {
    const started = Date.now();
    const alice = await payingCustomer();
    const { invoices } = await billing(alice).data(INVOICES);
    expect(invoices).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        number: expect.stringMatching(/^BERTH-\d{6}$/),
        issuedAt: expect.any(String),
        periodStart: expect.any(String),
        periodEnd: expect.any(String),
        status: 'PAID',
        lines: [
          {
            description: 'Serverless containers, monthly (EUR)',
            amount: { amountCents: 900, currency: 'EUR' },
          },
        ],
        total: { amountCents: 900, currency: 'EUR' },
        hostedUrl: null,
      },
    ]);
    const [invoice] = invoices;
    if (!invoice) throw new Error('no invoice');
    expect(Date.parse(invoice.periodStart)).toBeGreaterThanOrEqual(started - 1000);
    expect((Date.parse(invoice.periodEnd) - Date.parse(invoice.periodStart)) / 86_400_000).toBe(30);
    expect(await billing(alice).data(INVOICE, { number: invoice.number })).toEqual({
      invoice: { number: invoice.number, total: { amountCents: 900 } },
    });

    // Another customer can neither list nor open it.
    const bob = await payingCustomer();
    const bobs = await billing(bob).data(INVOICES);
    expect(bobs.invoices.map((other) => other.number)).not.toContain(invoice.number);
    const error = expectGraphQLError(
      await billing(bob).gql(INVOICE, { number: invoice.number }),
      'NOT_FOUND',
    );
    expect(error.message).toBe(`Invoice ${invoice.number} not found`);
  });

  it("renews a local subscription when its period ends: the next period's fee and the past period's usage, once", async () => {
    const alice = await payingCustomer();
    const [subscription] = (await billing(alice).data(BILLING_OVERVIEW)).subscriptions;
    const periodEnd = new Date(subscription?.currentPeriodEnd ?? '');
    const periodStart = new Date(periodEnd.getTime() - 30 * 86_400_000);
    // 73 h of CPU_1000_RAM_2000 (680 cents a month) in the period that ends: 68 cents.
    await server.berth.database.db.execute(sql`
      INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at, ended_at)
      VALUES (${alice.customerId}, 'shop', 'CONTAINER', 'web', 'web-abcde-1', ${`hand:${alice.customerId}`}, 'CPU_1000_RAM_2000',
        ${new Date(periodStart.getTime() + 3600_000).toISOString()}, ${new Date(periodStart.getTime() + 74 * 3600_000).toISOString()})`);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const nextEnd = new Date(periodEnd.getTime() + 30 * 86_400_000);

    expect(await server.services.billing.collectDue(new Date(periodEnd.getTime() - 60_000))).toBe(0);
    const afterEnd = new Date(periodEnd.getTime() + 60_000);
    const [first, second] = await Promise.all([
      server.services.billing.collectDue(afterEnd),
      server.services.billing.collectDue(afterEnd),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await server.services.billing.collectDue(afterEnd)).toBe(0);

    const { invoices } = await billing(alice).data(INVOICES);
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({
      status: 'PAID',
      periodStart: periodEnd.toISOString(),
      periodEnd: nextEnd.toISOString(),
      lines: [
        {
          description: `Serverless containers, monthly (EUR), ${day(periodEnd)} to ${day(nextEnd)}`,
          amount: { amountCents: 900, currency: 'EUR' },
        },
        {
          description: `Containers, usage ${day(periodStart)} to ${day(periodEnd)}`,
          amount: { amountCents: 68, currency: 'EUR' },
        },
      ],
      total: { amountCents: 968, currency: 'EUR' },
    });
    const renewed = (await billing(alice).data(BILLING_OVERVIEW)).subscriptions[0];
    expect(renewed).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: nextEnd.toISOString() });
  });

  it("shows this month's usage cost by type and namespace, and the forecast of what runs now", async () => {
    const grace = await createCustomer(server);
    // 73 h of a replica (CPU_1000_RAM_2000, 680 cents a month) in January 2026: a tenth of a month.
    await server.berth.database.db.execute(sql`
      INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at, ended_at)
      VALUES (${grace.customerId}, 'shop', 'CONTAINER', 'web', 'web-abcde-1', 'hand:grace', 'CPU_1000_RAM_2000',
        '2026-01-02T00:00:00Z', '2026-01-05T01:00:00Z')`);
    const { usage } = await billing(grace).data(USAGE, {
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-02-01T00:00:00Z',
    });
    expect(usage).toEqual({
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-02-01T00:00:00.000Z',
      cost: { amountCents: 68, currency: 'EUR' },
      // The period is over: nothing more to come.
      forecast: { amountCents: 68 },
      byResourceType: [
        { resourceType: 'CONTAINER', cost: { amountCents: 68 } },
        { resourceType: 'CONTAINER_JOB', cost: { amountCents: 0 } },
        { resourceType: 'VOLUME', cost: { amountCents: 0 } },
      ],
      namespaces: [
        {
          name: 'shop',
          cost: { amountCents: 68 },
          resources: [{ resourceType: 'CONTAINER', name: 'web', cost: { amountCents: 68 } }],
        },
      ],
    });
    // An open replica since midnight: 12 h so far (11.18 cents); 444 h more to the end of February at
    // its rate (413.59 cents) is the forecast.
    await server.berth.database.db.execute(sql`
      INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at)
      VALUES (${grace.customerId}, 'shop', 'CONTAINER', 'web', 'web-fghij-1', 'hand:grace-open', 'CPU_1000_RAM_2000',
        '2026-02-10T00:00:00Z')`);
    const february = (await billing(grace).data(USAGE)).usage;
    expect(february).toMatchObject({
      startDate: '2026-02-01T00:00:00.000Z',
      endDate: '2026-03-01T00:00:00.000Z',
      cost: { amountCents: 11 },
      forecast: { amountCents: 425 },
    });

    // Nobody else's usage shows.
    const bob = await createCustomer(server);
    expect((await billing(bob).data(USAGE, { startDate: '2026-01-01T00:00:00Z' })).usage.namespaces).toEqual(
      [],
    );
  });

  it('refuses what the platform API has: the schemas are apart', async () => {
    const frank = await createCustomer(server);
    const response = await billing(frank).gql('{ namespaces { id } }');
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors?.[0]?.message).toMatch(/Cannot query field "namespaces" on type "Query"/);
  });
});
