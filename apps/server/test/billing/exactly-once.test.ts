import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequest, GOOD_CARD, postForm, rows, scopesOf, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { useStripeServer } from '../support/stripe-server.ts';
import { deliverStripeEvent } from '../support/stripe-events.ts';

// Exactly once per payment intent: one open checkout per customer, plan and resource, and never two live
// subscriptions to one plan for one resource, even when two checkouts are paid at the same moment.

const CONTAINERS = 'serverless-containers-EUR-Monthly';

async function checkout(server: TestServer, customer: TestCustomer, body: object = { planId: CONTAINERS }) {
  return billingRequest(server, '/billing/subscriptions', await customer.token(), body);
}

interface SubscriptionState {
  external_id: string;
  status: string;
  duplicate_of: string | null;
  provider_synced: boolean;
}

const subscriptionsOf = (server: TestServer, customer: TestCustomer) =>
  rows<SubscriptionState>(
    server,
    sql`SELECT external_id, status, duplicate_of, provider_synced FROM billing_subscriptions
        WHERE customer_id = ${customer.customerId} ORDER BY id`,
  );

const countOf = async (server: TestServer, query: ReturnType<typeof sql>) =>
  Number((await rows<{ count: string }>(server, query))[0]?.count);

/** The audit entries that say a subscription was refused as a second one. */
const refusalsOf = (server: TestServer, customer: TestCustomer) =>
  rows<{ change_set: { name: string; newValue: string }[] }>(
    server,
    sql`SELECT change_set FROM audit_entries WHERE customer_id = ${customer.customerId}
        AND model_name = 'Subscription' AND event_type = 'delete'`,
  );

describe('with the local provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('hands out the open checkout again, also to requests made at the same moment', async () => {
    const customer = await createCustomer(server, { subscriptions: ['cloud-database'] });
    const first = await checkout(server, customer);
    expect(first.status).toBe(200);
    const again = await Promise.all(Array.from({ length: 5 }, () => checkout(server, customer)));
    expect(again.map(({ body }) => body.url)).toEqual(Array.from({ length: 5 }, () => first.body.url));
    const other = await checkout(server, customer, { planId: 'cloud-databases-EUR-Monthly' });
    expect(other.body.url).not.toBe(first.body.url);
    expect(
      await countOf(
        server,
        sql`SELECT count(*) FROM billing_sessions WHERE customer_id = ${customer.customerId}`,
      ),
    ).toBe(2);

    expect((await postForm(first.body.url ?? '', GOOD_CARD)).status).toBe(303);
    const afterPaying = await checkout(server, customer);
    expect([afterPaying.status, afterPaying.body.message]).toEqual([
      409,
      'You already subscribe to Serverless containers, monthly (EUR)',
    ]);
  });

  it('charges once when two checkouts of the same plan are paid at the same moment', async () => {
    const customer = await createCustomer(server);
    const first = (await checkout(server, customer)).body.url ?? '';
    // The first page is about to expire: the next request opens a second one, and both are still open.
    await rows(
      server,
      sql`UPDATE billing_sessions SET expires_at = now() + interval '1 minute'
          WHERE customer_id = ${customer.customerId}`,
    );
    const second = (await checkout(server, customer)).body.url ?? '';
    expect(second).not.toBe(first);

    const answers = await Promise.all([postForm(first, GOOD_CARD), postForm(second, GOOD_CARD)]);
    expect(answers.map(({ status }) => status).sort()).toEqual([303, 409]);
    const refused = answers.find(({ status }) => status === 409);
    expect(refused?.html).toContain(
      'You already subscribe to Serverless containers, monthly (EUR). Nothing was charged.',
    );

    const subscriptions = await subscriptionsOf(server, customer);
    const kept = subscriptions.filter((row) => row.status === 'active');
    expect(kept).toHaveLength(1);
    expect(subscriptions.filter((row) => row.duplicate_of === kept[0]?.external_id)).toHaveLength(1);
    expect(
      await countOf(
        server,
        sql`SELECT count(*) FROM billing_invoices WHERE customer_id = ${customer.customerId}`,
      ),
    ).toBe(1);
    expect((await refusalsOf(server, customer)).map((row) => row.change_set[0]?.newValue)).toEqual([
      `A second subscription to Serverless containers, monthly (EUR) for the same resource: cancelled, nothing charged; ${kept[0]?.external_id} goes on`,
    ]);
    expect(await scopesOf(server, customer, 'serverless-container')).toEqual(['create']);
  });
});

describe('with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_exactly_once';
  const suite = useStripeServer(WEBHOOK_SECRET);

  const completed = (customer: TestCustomer, subscription: string) => {
    const metadata = {
      customerId: String(customer.customerId),
      planId: CONTAINERS,
      resourceId: String(customer.customerId),
    };
    return deliverStripeEvent(suite.server.url, WEBHOOK_SECRET, 'checkout.session.completed', {
      id: `cs_test_${randomBytes(8).toString('hex')}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: String(customer.customerId),
      customer: `cus_${randomBytes(6).toString('hex')}`,
      subscription,
      invoice: `in_${subscription}`,
      metadata,
    });
  };

  it('opens one Checkout Session at Stripe for requests made at the same moment', async () => {
    const customer = await createCustomer(suite.server);
    const before = suite.stripe.requests.length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => checkout(suite.server, customer)));
    expect(new Set(answers.map(({ body }) => body.url)).size).toBe(1);
    expect(
      suite.stripe.requests.slice(before).filter((request) => request.path === '/v1/checkout/sessions'),
    ).toHaveLength(1);
  });

  it('cancels and refunds the second of two checkouts completed at the same moment, and records why', async () => {
    const customer = await createCustomer(suite.server);
    const [a, b] = [`sub_${randomBytes(6).toString('hex')}`, `sub_${randomBytes(6).toString('hex')}`];
    expect(await Promise.all([completed(customer, a), completed(customer, b)])).toEqual([200, 200]);

    const subscriptions = await subscriptionsOf(suite.server, customer);
    const kept = subscriptions.find((row) => row.status === 'active');
    const duplicate = subscriptions.find((row) => row.duplicate_of !== null);
    expect(subscriptions).toHaveLength(2);
    expect(duplicate).toMatchObject({
      status: 'ended',
      duplicate_of: kept?.external_id,
      provider_synced: true,
    });
    const id = duplicate?.external_id ?? '';
    const calls = suite.stripe.requests
      .filter((request) => `${request.path} ${Object.values(request.params).join(' ')}`.includes(id))
      .map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual([
      `GET /v1/subscriptions/${id}`,
      `GET /v1/invoice_payments`,
      `POST /v1/refunds`,
      `DELETE /v1/subscriptions/${id}`,
    ]);
    const refund = suite.stripe.requests.find(
      (request) => request.path === '/v1/refunds' && request.params.payment_intent === `pi_in_${id}`,
    );
    expect(refund?.params).toMatchObject({ reason: 'duplicate', 'metadata[subscription]': id });
    expect(refund?.headers['idempotency-key']).toBe(`berth-duplicate-${id}-pi_in_${id}`);
    expect(kept?.external_id).not.toBe(id);
    expect(await refusalsOf(suite.server, customer)).toHaveLength(1);
    expect(await scopesOf(suite.server, customer, 'serverless-container')).toEqual(['create']);

    // The duplicate's paid invoice is not the customer's to pay: it was refunded.
    const status = await deliverStripeEvent(suite.server.url, WEBHOOK_SECRET, 'invoice.paid', {
      id: `in_${id}`,
      object: 'invoice',
      customer: `cus_${randomBytes(6).toString('hex')}`,
      currency: 'eur',
      total: 900,
      amount_paid: 900,
      amount_due: 900,
      number: `INV-${randomBytes(3).toString('hex')}`,
      period_start: Math.floor(Date.now() / 1000),
      period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      hosted_invoice_url: null,
      lines: { data: [{ description: 'Serverless containers', amount: 900 }] },
      parent: {
        subscription_details: {
          subscription: id,
          metadata: {
            customerId: String(customer.customerId),
            planId: CONTAINERS,
            resourceId: String(customer.customerId),
          },
        },
      },
    });
    expect(status).toBe(200);
    expect(
      await countOf(
        suite.server,
        sql`SELECT count(*) FROM billing_invoices WHERE customer_id = ${customer.customerId}`,
      ),
    ).toBe(0);
  });
});
