import { describe, expect, it } from 'vitest';
import { rows, scopesOf, sql } from '../support/billing.ts';
import { createCustomer } from '../support/customers.ts';
import {
  WEBHOOK_SECRET,
  checkoutCompleted,
  invoice,
  nowSeconds,
  signer,
  stripeEvent,
  useStripeProvider,
} from './stripe-provider-setup.ts';

// Which deliveries to Stripe's webhook Berth believes (their signature), and that each is fulfilled once.

const { suite, deliver, eventsOf } = useStripeProvider();

describe('webhook signature', () => {
  it('a correctly signed checkout.session.completed grants create to that customer only', async () => {
    const alice = await createCustomer(suite.server);
    const bob = await createCustomer(suite.server);
    const answer = await deliver(checkoutCompleted(alice));
    expect(answer).toEqual({ status: 200, body: { received: true, applied: true } });
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create']);
    expect(await scopesOf(suite.server, bob, 'serverless-container')).toEqual(['create-limited']);
    const [row] = await rows<{ has_payment_details: boolean }>(
      suite.server,
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
    const alice = await createCustomer(suite.server);
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
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create-limited']);
    expect(await eventsOf(alice)).toEqual([]);
  });

  it('accepts a delivery signed just within the 300 s tolerance', async () => {
    const alice = await createCustomer(suite.server);
    const event = checkoutCompleted(alice);
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: nowSeconds() - 280,
    });
    expect((await deliver(event, header)).status).toBe(200);
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create']);
  });
});

describe('exactly once', () => {
  it('fulfils an event delivered 10 times, one after another and at once, once', async () => {
    const alice = await createCustomer(suite.server);
    const failed = stripeEvent('invoice.payment_failed', invoice(alice, 'open'));
    const sequential = [];
    for (let delivery = 0; delivery < 10; delivery++) sequential.push(await deliver(failed));
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => deliver(failed)));
    const answers = [...sequential, ...concurrent];
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.applied === true)).toHaveLength(1);
    expect(await eventsOf(alice)).toEqual([{ event_id: failed.id }]);
    const [row] = await rows<{ consecutive_payment_failures: number }>(
      suite.server,
      sql`SELECT consecutive_payment_failures FROM billing_customers WHERE customer_id = ${alice.customerId}`,
    );
    expect(row?.consecutive_payment_failures).toBe(1);
  });

  it('grants once when a checkout completion arrives 10 times at once', async () => {
    const alice = await createCustomer(suite.server);
    const completed = checkoutCompleted(alice);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(completed)));
    expect(answers.filter((answer) => answer.body.applied === true)).toHaveLength(1);
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create']);
    const subscriptions = await rows(
      suite.server,
      sql`SELECT 1 FROM billing_subscriptions WHERE customer_id = ${alice.customerId}`,
    );
    expect(subscriptions).toHaveLength(1);
  });
});
