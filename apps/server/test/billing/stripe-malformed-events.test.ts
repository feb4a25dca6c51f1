import { describe, expect, it } from 'vitest';
import { rows, scopesOf, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import {
  CONTAINERS,
  checkoutCompleted,
  invoice,
  metadataOf,
  random,
  stripeEvent,
  subscription,
  useStripeProvider,
} from './stripe-provider-setup.ts';

const { suite, deliver, eventsOf } = useStripeProvider();

describe('malformed events', () => {
  const subscriptionsOf = (customer: TestCustomer) =>
    rows(
      suite.server,
      sql`SELECT plan_id FROM billing_subscriptions WHERE customer_id = ${customer.customerId}`,
    );
  const invoicesOf = (customer: TestCustomer) =>
    rows(suite.server, sql`SELECT 1 FROM billing_invoices WHERE customer_id = ${customer.customerId}`);

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
    const alice = await createCustomer(suite.server);
    const answer = await deliver(make(alice));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('BAD_REQUEST');
    expect(answer.body.message).toMatch(new RegExp(`^Malformed event: ${path.replaceAll('.', '\\.')}: `));
    expect(await eventsOf(alice)).toEqual([]);
    expect(await subscriptionsOf(alice)).toEqual([]);
    expect(await invoicesOf(alice)).toEqual([]);
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create-limited']);
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
    const alice = await createCustomer(suite.server);
    const answer = await deliver(withMetadata(alice, { planId: 'gold-EUR-Monthly' }));
    expect(answer).toEqual({ status: 200, body: { received: true, applied: false } });
    expect(await subscriptionsOf(alice)).toEqual([]);
    expect(await eventsOf(alice)).toEqual([]);
  });

  it('acknowledges an event type it does not handle whatever its object, and still applies a good event', async () => {
    const alice = await createCustomer(suite.server);
    const other = { ...stripeEvent('customer.created', null), data: undefined };
    expect(await deliver(other)).toEqual({ status: 200, body: { received: true, applied: false } });
    await deliver(stripeEvent('invoice.paid', { ...invoice(alice, 'paid'), lines: undefined }));

    const good = withMetadata(alice, {});
    expect(await deliver(good)).toEqual({ status: 200, body: { received: true, applied: true } });
    expect(await subscriptionsOf(alice)).toEqual([{ plan_id: CONTAINERS }]);
    expect(await eventsOf(alice)).toEqual([{ event_id: good.id }]);
  });
});
