import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../src/environment.ts';
import { billingRequest, rows, scopesOf, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';

// BILLING_PROVIDER=stripe against a local stand-in of Stripe's API, with webhook events signed by the
// stripe package's own test helper: what Berth asks Stripe for, and what each verified event changes.

const WEBHOOK_SECRET = 'whsec_berth_test_secret';
const CONTAINERS = 'serverless-containers-EUR-Monthly';
const DATABASES = 'cloud-databases-EUR-Monthly';
const STRIPE_SETTINGS = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_berth',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICES: `${CONTAINERS}=price_containers, ${DATABASES}=price_databases`,
};

let server: TestServer;
let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  server = await startServer({ ...STRIPE_SETTINGS, STRIPE_API_BASE: stripeApi.url });
});
afterAll(async () => {
  await server.close();
  await stripeApi.close();
});

const random = () => randomBytes(8).toString('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

function stripeEvent(type: string, object: unknown, id = `evt_${random()}`) {
  return {
    id,
    object: 'event',
    api_version: '2025-11-17.clover',
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/**
 * POSTs the event (an object as JSON, a string as it is) to the webhook as Stripe does; `signature`
 * overrides the correct Stripe-Signature.
 */
async function deliver(event: object | string, signature?: string | null) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header =
    signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
      : signature;
  const response = await fetch(`${server.url}/billing/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const metadataOf = (customer: TestCustomer, planId = CONTAINERS) => ({
  customerId: String(customer.customerId),
  planId,
  resourceId: String(customer.customerId),
});

const checkoutCompleted = (customer: TestCustomer, stripeCustomer = `cus_${random()}`) =>
  stripeEvent('checkout.session.completed', {
    id: `cs_test_${random()}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: String(customer.customerId),
    customer: stripeCustomer,
    metadata: metadataOf(customer),
    subscription: `sub_${random()}`,
  });

function subscription(customer: TestCustomer, id: string, status: string) {
  return {
    id,
    object: 'subscription',
    customer: `cus_${random()}`,
    status,
    metadata: metadataOf(customer),
    items: {
      object: 'list',
      data: [
        { id: `si_${random()}`, object: 'subscription_item', current_period_end: nowSeconds() + 86_400 },
      ],
    },
  };
}

/** An invoice as Stripe sends it in invoice.paid / invoice.payment_failed (the fields we read). */
function invoice(
  customer: TestCustomer,
  status: 'paid' | 'open',
  subscriptionId = `sub_${random()}`,
  id = `in_${random()}`,
) {
  const periodStart = 1_767_225_600; // 2026-01-01T00:00:00Z
  return {
    id,
    object: 'invoice',
    number: `A1B2C3D4-${id.slice(-4).toUpperCase()}`,
    customer: `cus_${random()}`,
    status,
    currency: 'eur',
    total: 900,
    amount_due: 900,
    amount_paid: status === 'paid' ? 900 : 0,
    period_start: periodStart,
    period_end: periodStart + 31 * 86_400,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${random()}`,
          object: 'line_item',
          amount: 900,
          currency: 'eur',
          description: '1 × Serverless containers (at €9.00 / month)',
        },
      ],
    },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: metadataOf(customer), subscription: subscriptionId },
    },
  };
}

const suspendedReason = async (customer: TestCustomer) =>
  (await server.services.accounts.findById(customer.accountId))?.customer.suspendedReason ?? null;

const eventsOf = (customer: TestCustomer) =>
  rows(server, sql`SELECT event_id FROM billing_events WHERE customer_id = ${customer.customerId}`);

const subscriptionStatus = async (id: string) =>
  (
    await rows<{ status: string }>(
      server,
      sql`SELECT status FROM billing_subscriptions WHERE provider = 'stripe' AND external_id = ${id}`,
    )
  )[0]?.status;

describe('checkout and the Customer Portal', () => {
  it('creates a subscription Checkout Session for the plan’s price, naming the customer and resource', async () => {
    const alice = await createCustomer(server);
    const answer = await billingRequest(server, '/billing/subscriptions', await alice.token(), {
      planId: DATABASES,
    });
    expect(answer.status).toBe(200);
    const request = stripeApi.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.headers.authorization).toBe('Bearer sk_test_berth');
    const id = String(alice.customerId);
    expect(request?.params).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_databases',
      'line_items[0][quantity]': '1',
      client_reference_id: id,
      'metadata[customerId]': id,
      'metadata[planId]': DATABASES,
      'metadata[resourceId]': id,
      'subscription_data[metadata][customerId]': id,
      'subscription_data[metadata][planId]': DATABASES,
      'subscription_data[metadata][resourceId]': id,
      customer_email: alice.email,
      success_url: `${server.url}/storage/databases?checkout=success`,
      cancel_url: `${server.url}/storage/databases?checkout=cancelled`,
    });
    expect(answer.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  });

  it('has no billing details page before a first subscription (409 with why)', async () => {
    const alice = await createCustomer(server);
    const before = stripeApi.requests.length;
    const answer = await billingRequest(server, '/billing/information/update', await alice.token());
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      error: 'CONFLICT',
      message: 'There are no billing details yet: they are kept from your first subscription on',
    });
    expect(stripeApi.requests).toHaveLength(before);
  });

  it('reuses the Stripe customer of a completed checkout, and opens the Customer Portal for it', async () => {
    const alice = await createCustomer(server);
    const stripeCustomer = `cus_${random()}`;
    expect((await deliver(checkoutCompleted(alice, stripeCustomer))).status).toBe(200);

    const checkout = await billingRequest(server, '/billing/subscriptions', await alice.token(), {
      planId: DATABASES,
    });
    expect(checkout.status).toBe(200);
    const params = stripeApi.requests.at(-1)?.params;
    expect(params?.customer).toBe(stripeCustomer);
    expect(params).not.toHaveProperty('customer_email');

    const details = await billingRequest(server, '/billing/information/update', await alice.token());
    expect(details.status).toBe(200);
    expect(stripeApi.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer: stripeCustomer, return_url: `${server.url}/account/billing` },
    });
    expect(details.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_/);
  });
});

describe('Stripe refusing a call', () => {
  it('is our failure (500, nothing of Stripe’s answer), not the customer’s bad input', async () => {
    const alice = await createCustomer(server);
    stripeApi.failNext(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such price: price_containers',
    });
    const answer = await billingRequest(server, '/billing/subscriptions', await alice.token(), {});
    expect(answer).toMatchObject({
      status: 500,
      body: { error: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side' },
    });
  });
});

describe('webhook signature', () => {
  it('a correctly signed checkout.session.completed grants create to that customer only', async () => {
    const alice = await createCustomer(server);
    const bob = await createCustomer(server);
    const answer = await deliver(checkoutCompleted(alice));
    expect(answer).toEqual({ status: 200, body: { received: true, applied: true } });
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
    expect(await scopesOf(server, bob, 'serverless-container')).toEqual(['create-limited']);
    const [row] = await rows<{ has_payment_details: boolean }>(
      server,
      sql`SELECT has_payment_details FROM customers WHERE id = ${alice.customerId}`,
    );
    expect(row?.has_payment_details).toBe(true);
  });

  it.each([
    ['signed with another secret', 'other'],
    ['without a Stripe-Signature header', 'missing'],
    ['signed more than 300 s ago', 'stale'],
    ['with a signature of another body', 'tampered'],
  ] as const)('refuses an event %s with 400 and applies nothing', async (_case, kind) => {
    const alice = await createCustomer(server);
    const event = checkoutCompleted(alice);
    const payload = JSON.stringify(event);
    const headers = {
      other: signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
      stale: signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: nowSeconds() - 301,
      }),
      tampered: signer.webhooks.generateTestHeaderString({
        payload: JSON.stringify({ ...event, id: 'evt_other' }),
        secret: WEBHOOK_SECRET,
      }),
    };
    const answer = await deliver(event, kind === 'missing' ? null : headers[kind]);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Stripe-Signature/);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create-limited']);
    expect(await eventsOf(alice)).toEqual([]);
  });

  it('accepts a delivery signed just within the 300 s tolerance', async () => {
    const alice = await createCustomer(server);
    const event = checkoutCompleted(alice);
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: nowSeconds() - 280,
    });
    expect((await deliver(event, header)).status).toBe(200);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
  });
});

describe('exactly once', () => {
  it('fulfils an event delivered 10 times, one after another and at once, once', async () => {
    const alice = await createCustomer(server);
    const failed = stripeEvent('invoice.payment_failed', invoice(alice, 'open'));
    const sequential = [];
    for (let delivery = 0; delivery < 10; delivery++) sequential.push(await deliver(failed));
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => deliver(failed)));
    const answers = [...sequential, ...concurrent];
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.applied === true)).toHaveLength(1);
    expect(await eventsOf(alice)).toEqual([{ event_id: failed.id }]);
    const [row] = await rows<{ consecutive_payment_failures: number }>(
      server,
      sql`SELECT consecutive_payment_failures FROM billing_customers WHERE customer_id = ${alice.customerId}`,
    );
    expect(row?.consecutive_payment_failures).toBe(1);
  });

  it('grants once when a checkout completion arrives 10 times at once', async () => {
    const alice = await createCustomer(server);
    const completed = checkoutCompleted(alice);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(completed)));
    expect(answers.filter((answer) => answer.body.applied === true)).toHaveLength(1);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
    const subscriptions = await rows(
      server,
      sql`SELECT 1 FROM billing_subscriptions WHERE customer_id = ${alice.customerId}`,
    );
    expect(subscriptions).toHaveLength(1);
  });
});

describe('each event type', () => {
  it('payment failing repeatedly suspends with PAYMENT_ISSUES, a paid invoice lifts it', async () => {
    const alice = await createCustomer(server);
    const bob = await createCustomer(server);
    const sub = `sub_${random()}`;
    await deliver(checkoutCompleted(alice));
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub)))).status).toBe(
        200,
      );
      expect(await suspendedReason(alice)).toBeNull();
    }
    await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub)));
    expect(await suspendedReason(alice)).toBe('PAYMENT_ISSUES');
    expect(await scopesOf(server, alice, 'serverless-container')).toBeNull();
    expect(await suspendedReason(bob)).toBeNull();

    await deliver(stripeEvent('invoice.paid', invoice(alice, 'paid', sub)));
    expect(await suspendedReason(alice)).toBeNull();
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
  });

  it("records Stripe's invoice: open while its payment fails, paid once paid, with Stripe's number and page", async () => {
    const alice = await createCustomer(server);
    const sub = `sub_${random()}`;
    const id = `in_${random()}`;
    const invoices = () =>
      rows<{
        number: string;
        status: string;
        total_cents: number;
        currency: string;
        lines: unknown;
        hosted_url: string;
        period_start: Date | string;
      }>(
        server,
        sql`SELECT number, status, total_cents, currency, lines, hosted_url, period_start FROM billing_invoices WHERE customer_id = ${alice.customerId}`,
      );
    await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub, id)));
    expect((await invoices()).map((row) => row.status)).toEqual(['open']);
    await deliver(stripeEvent('invoice.paid', invoice(alice, 'paid', sub, id)));
    // A late failure of the same invoice (events arrive in any order) leaves it paid.
    await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub, id)));
    const [recorded, ...others] = await invoices();
    expect(others).toEqual([]);
    expect(recorded).toMatchObject({
      number: `A1B2C3D4-${id.slice(-4).toUpperCase()}`,
      status: 'paid',
      total_cents: 900,
      currency: 'EUR',
      lines: [{ description: '1 × Serverless containers (at €9.00 / month)', amountCents: 900 }],
      hosted_url: `https://invoice.stripe.com/i/acct_test/${id}`,
    });
    expect(new Date(recorded?.period_start ?? '').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('subscription updates set the status (unpaid suspends) and a deleted subscription revokes create', async () => {
    const alice = await createCustomer(server);
    const sub = `sub_${random()}`;
    await deliver(stripeEvent('customer.subscription.updated', subscription(alice, sub, 'active')));
    expect(await subscriptionStatus(sub)).toBe('active');
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);

    await deliver(stripeEvent('customer.subscription.updated', subscription(alice, sub, 'past_due')));
    expect(await subscriptionStatus(sub)).toBe('past_due');
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);

    await deliver(stripeEvent('customer.subscription.updated', subscription(alice, sub, 'unpaid')));
    expect(await suspendedReason(alice)).toBe('PAYMENT_ISSUES');
    await deliver(stripeEvent('invoice.paid', invoice(alice, 'paid', sub)));
    expect(await suspendedReason(alice)).toBeNull();

    await deliver(stripeEvent('customer.subscription.deleted', subscription(alice, sub, 'canceled')));
    expect(await subscriptionStatus(sub)).toBe('ended');
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create-limited']);
  });

  it('ignores (200) events of unknown customers, invoices of unknown Stripe customers and other types', async () => {
    const alice = await createCustomer(server);
    const ghost = { customerId: 2_000_000_000, accountId: 0 } as TestCustomer;
    const unknownCustomer = await deliver(checkoutCompleted(ghost));
    const beyondIds = await deliver(
      checkoutCompleted({ customerId: 9_999_999_999, accountId: 0 } as TestCustomer),
    );
    const ownerless = { ...invoice(alice, 'open'), parent: null };
    const unknownStripeCustomer = await deliver(stripeEvent('invoice.payment_failed', ownerless));
    const otherType = await deliver(
      stripeEvent('customer.created', { id: `cus_${random()}`, object: 'customer' }),
    );
    for (const answer of [unknownCustomer, beyondIds, unknownStripeCustomer, otherType]) {
      expect(answer).toEqual({ status: 200, body: { received: true, applied: false } });
    }
    expect(await eventsOf(alice)).toEqual([]);
    const ghostEvents = await rows(server, sql`SELECT 1 FROM billing_events WHERE customer_id = 2000000000`);
    expect(ghostEvents).toEqual([]);
  });

  it('knows an invoice without our metadata by the Stripe customer of an earlier checkout', async () => {
    const alice = await createCustomer(server);
    const stripeCustomer = `cus_${random()}`;
    await deliver(checkoutCompleted(alice, stripeCustomer));
    const ownInvoice = { ...invoice(alice, 'open'), customer: stripeCustomer, parent: null };
    const answer = await deliver(stripeEvent('invoice.payment_failed', ownInvoice));
    expect(answer.body.applied).toBe(true);
  });
});

describe('malformed events', () => {
  const subscriptionsOf = (customer: TestCustomer) =>
    rows(server, sql`SELECT plan_id FROM billing_subscriptions WHERE customer_id = ${customer.customerId}`);
  const invoicesOf = (customer: TestCustomer) =>
    rows(server, sql`SELECT 1 FROM billing_invoices WHERE customer_id = ${customer.customerId}`);

  const withMetadata = (customer: TestCustomer, metadata: Record<string, string>) =>
    stripeEvent('customer.subscription.updated', {
      ...subscription(customer, `sub_${random()}`, 'active'),
      metadata: { ...metadataOf(customer), ...metadata },
    });

  it.each<[string, (customer: TestCustomer) => object, string]>([
    [
      'without data',
      (c) => ({ ...stripeEvent('invoice.paid', invoice(c, 'paid')), data: undefined }),
      'data',
    ],
    ['whose object is null', () => stripeEvent('checkout.session.completed', null), 'data.object'],
    [
      'an invoice without lines',
      (c) => stripeEvent('invoice.paid', { ...invoice(c, 'paid'), lines: undefined }),
      'data.object.lines',
    ],
    [
      'a subscription without items',
      (c) =>
        stripeEvent('customer.subscription.updated', {
          ...subscription(c, `sub_${random()}`, 'active'),
          items: undefined,
        }),
      'data.object.items',
    ],
    [
      'a NUL in metadata',
      (c) => withMetadata(c, { resourceId: `${c.customerId}\0` }),
      'data.object.metadata.resourceId',
    ],
    [
      'a 100,000-character planId',
      (c) => withMetadata(c, { planId: 'x'.repeat(100_000) }),
      'data.object.metadata.planId',
    ],
    [
      'a NUL in an invoice line',
      (c) => {
        const paid = invoice(c, 'paid');
        const line = { ...paid.lines.data[0], description: 'a\0b' };
        return stripeEvent('invoice.paid', { ...paid, lines: { ...paid.lines, data: [line] } });
      },
      'data.object.lines.data.0.description',
    ],
    [
      'an event id of 300 characters',
      (c) => stripeEvent('invoice.paid', invoice(c, 'paid'), `evt_${'x'.repeat(296)}`),
      'id',
    ],
    [
      'a Stripe customer id with a control character',
      (c) => checkoutCompleted(c, 'cus_\u0007'),
      'data.object.customer',
    ],
    [
      'a period ending after the year 9999',
      (c) => stripeEvent('invoice.paid', { ...invoice(c, 'paid'), period_end: 10 ** 13 }),
      'data.object.period_end',
    ],
  ])('refuses a signed event %s with 400 naming the field, and writes nothing', async (_case, make, path) => {
    const alice = await createCustomer(server);
    const answer = await deliver(make(alice));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('BAD_REQUEST');
    expect(answer.body.message).toMatch(new RegExp(`^Malformed event: ${path.replaceAll('.', '\\.')}: `));
    expect(await eventsOf(alice)).toEqual([]);
    expect(await subscriptionsOf(alice)).toEqual([]);
    expect(await invoicesOf(alice)).toEqual([]);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create-limited']);
  });

  it('refuses a signed body that is not JSON, or JSON but not an event, with 400', async () => {
    expect(await deliver('{"id":"evt_1", "type":')).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: 'The event body is not JSON' },
    });
    for (const payload of ['null', '[]', '"text"', '42', '{"type":"invoice.paid"}']) {
      const answer = await deliver(payload);
      expect(answer.status, payload).toBe(400);
      expect(answer.body.message).toMatch(/^Malformed event: /);
    }
  });

  it('acknowledges (200, not applied) a plan this version does not sell, storing nothing', async () => {
    const alice = await createCustomer(server);
    const answer = await deliver(withMetadata(alice, { planId: 'gold-EUR-Monthly' }));
    expect(answer).toEqual({ status: 200, body: { received: true, applied: false } });
    expect(await subscriptionsOf(alice)).toEqual([]);
    expect(await eventsOf(alice)).toEqual([]);
  });

  it('acknowledges an event type it does not handle whatever its object, and still applies a good event', async () => {
    const alice = await createCustomer(server);
    const other = { ...stripeEvent('customer.created', null), data: undefined };
    expect(await deliver(other)).toEqual({ status: 200, body: { received: true, applied: false } });
    await deliver(stripeEvent('invoice.paid', { ...invoice(alice, 'paid'), lines: undefined }));

    const good = withMetadata(alice, {});
    expect(await deliver(good)).toEqual({ status: 200, body: { received: true, applied: true } });
    expect(await subscriptionsOf(alice)).toEqual([{ plan_id: CONTAINERS }]);
    expect(await eventsOf(alice)).toEqual([{ event_id: good.id }]);
  });
});

describe('settings', () => {
  it('names the missing Stripe setting in one line', () => {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'] as const) {
      expect(() => readEnvironment({ ...STRIPE_SETTINGS, [name]: undefined })).toThrow(
        new RegExp(`^Invalid environment variable ${name}: required when BILLING_PROVIDER=stripe$`),
      );
    }
  });

  it('refuses malformed values without repeating them', () => {
    expect(() => readEnvironment({ ...STRIPE_SETTINGS, STRIPE_PRICES: 'containers:price_1' })).toThrow(
      /^Invalid environment variable STRIPE_PRICES: must be a comma-separated list of planId=price_… pairs$/,
    );
    expect(() => readEnvironment({ ...STRIPE_SETTINGS, STRIPE_SECRET_KEY: 'pk_live_secretvalue' })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret or restricted key \(sk_… or rk_…\)$/,
    );
    expect(readEnvironment(STRIPE_SETTINGS).STRIPE_PRICES).toEqual({
      [CONTAINERS]: 'price_containers',
      [DATABASES]: 'price_databases',
    });
  });

  it('does not start without a price for every plan sold by checkout', async () => {
    await expect(
      startServer({ ...STRIPE_SETTINGS, STRIPE_PRICES: `${CONTAINERS}=price_containers` }),
    ).rejects.toThrow(`Invalid environment variable STRIPE_PRICES: no price for plan ${DATABASES}`);
  });
});
