import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { rows, sql } from '../support/billing.ts';
import type { TestCustomer } from '../support/customers.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';

// What the tests of BILLING_PROVIDER=stripe share: its settings, a server of the file's own billing through a
// local stand-in of Stripe's API, and webhook events as Stripe sends them, signed by the stripe package's own
// test helper.

export const WEBHOOK_SECRET = 'whsec_berth_test_secret';
export const CONTAINERS = 'serverless-containers-EUR-Monthly';
export const DATABASES = 'cloud-databases-EUR-Monthly';
export const STRIPE_SETTINGS = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_berth',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICES: `${CONTAINERS}=price_containers, ${DATABASES}=price_databases`,
};

export const signer = new Stripe('sk_test_signer');

export const random = () => randomBytes(8).toString('hex');
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function stripeEvent(type: string, object: unknown, id = `evt_${random()}`) {
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

export const metadataOf = (customer: TestCustomer, planId = CONTAINERS) => ({
  customerId: String(customer.customerId),
  planId,
  resourceId: String(customer.customerId),
});

export const checkoutCompleted = (customer: TestCustomer, stripeCustomer = `cus_${random()}`) =>
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

export function subscription(customer: TestCustomer, id: string, status: string) {
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
export function invoice(
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

/**
 * The file's stand-in and server (read as `suite.server`, `suite.stripeApi`), and what reaches the webhook;
 * `overrides` are more server settings.
 */
export function useStripeProvider(overrides: Record<string, string> = {}) {
  const suite = {} as { server: TestServer; stripeApi: Awaited<ReturnType<typeof startStripeStandIn>> };
  beforeAll(async () => {
    suite.stripeApi = await startStripeStandIn();
    suite.server = await startServer({
      ...STRIPE_SETTINGS,
      STRIPE_API_BASE: suite.stripeApi.url,
      ...overrides,
    });
  });
  afterAll(async () => {
    await suite.server.close();
    await suite.stripeApi.close();
  });

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
    const response = await fetch(`${suite.server.url}/billing/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const suspendedReason = async (customer: TestCustomer) =>
    (await suite.server.services.accounts.findById(customer.accountId))?.customer.suspendedReason ?? null;

  const eventsOf = (customer: TestCustomer) =>
    rows(suite.server, sql`SELECT event_id FROM billing_events WHERE customer_id = ${customer.customerId}`);

  const subscriptionStatus = async (id: string) =>
    (
      await rows<{ status: string }>(
        suite.server,
        sql`SELECT status FROM billing_subscriptions WHERE provider = 'stripe' AND external_id = ${id}`,
      )
    )[0]?.status;

  return { suite, deliver, suspendedReason, eventsOf, subscriptionStatus };
}
