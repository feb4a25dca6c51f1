import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingChange, BillingEvent } from '../../src/modules/billing/provider.ts';
import { rows, scopesOf, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The one fulfilment every provider's events go through: each event applied once, whatever is redelivered
// or delivered at the same time, and the effect of each kind of change.

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const eventId = () => `evt_${randomBytes(8).toString('hex')}`;
const apply = (changes: BillingChange[], id = eventId()) =>
  server.services.billing.fulfilment.apply({ provider: 'local', id, changes } satisfies BillingEvent);

const containersPlan = (customer: TestCustomer, subscription = `sub_${randomBytes(6).toString('hex')}`) => ({
  subscription,
  customerId: customer.customerId,
  planId: 'serverless-containers-EUR-Monthly',
  resourceId: String(customer.customerId),
});

const failedPayment = (customer: TestCustomer): BillingChange => ({
  kind: 'payment-failed',
  customerId: customer.customerId,
  amountCents: 900,
});
const payment = (customer: TestCustomer): BillingChange => ({
  kind: 'payment-succeeded',
  customerId: customer.customerId,
  amountCents: 900,
});

const suspendedReason = async (customer: TestCustomer) =>
  (await server.services.accounts.findById(customer.accountId))?.customer.suspendedReason;

const failureCount = async (customer: TestCustomer) => {
  const [row] = await rows<{ consecutive_payment_failures: number }>(
    server,
    sql`SELECT consecutive_payment_failures FROM billing_customers WHERE customer_id = ${customer.customerId}`,
  );
  return row?.consecutive_payment_failures ?? 0;
};

describe('exactly once', () => {
  it('applies an event delivered 10 times once', async () => {
    const alice = await createCustomer(server);
    const id = eventId();
    const results = [];
    for (let delivery = 0; delivery < 10; delivery++) results.push(await apply([failedPayment(alice)], id));
    expect(results).toEqual(['applied', ...Array<string>(9).fill('duplicate')]);
    expect(await failureCount(alice)).toBe(1);
  });

  it('applies an event delivered 10 times at once once', async () => {
    const bob = await createCustomer(server);
    const id = eventId();
    const results = await Promise.all(Array.from({ length: 10 }, () => apply([failedPayment(bob)], id)));
    expect(results.filter((result) => result === 'applied')).toHaveLength(1);
    expect(await failureCount(bob)).toBe(1);
    const events = await rows(server, sql`SELECT 1 FROM billing_events WHERE event_id = ${id}`);
    expect(events).toHaveLength(1);
  });

  it('counts 10 different events delivered at once 10 times', async () => {
    const carol = await createCustomer(server);
    await Promise.all(Array.from({ length: 10 }, () => apply([failedPayment(carol)])));
    expect(await failureCount(carol)).toBe(10);
  });

  it('applies the same event id of another provider separately (the key is provider and id)', async () => {
    const [row] = await rows<{ key: string }>(
      server,
      sql`SELECT string_agg(a.attname, ',' ORDER BY a.attnum) AS key FROM pg_index i
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE i.indrelid = 'billing_events'::regclass AND i.indisprimary`,
    );
    expect(row?.key).toBe('provider,event_id');
  });

  it('keeps nothing of an event whose change fails, so a redelivery applies it', async () => {
    const dave = await createCustomer(server);
    const id = eventId();
    const unknownCustomer = { ...failedPayment(dave), customerId: 2_000_000_000 };
    await expect(apply([failedPayment(dave), unknownCustomer], id)).rejects.toThrow();
    expect(await failureCount(dave)).toBe(0);
    expect(await apply([failedPayment(dave)], id)).toBe('applied');
    expect(await failureCount(dave)).toBe(1);
  });
});

describe('subscriptions', () => {
  it('grants create while the serverless-containers subscription lives, and ends it with the subscription', async () => {
    const alice = await createCustomer(server);
    const facts = containersPlan(alice);
    await apply([{ kind: 'subscription-activated', ...facts }]);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
    await apply([{ kind: 'subscription-updated', status: 'past_due', ...facts }]);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
    await apply([{ kind: 'subscription-ended', ...facts }]);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create-limited']);
    // An update arriving after the end (events come in any order) does not bring it back.
    await apply([{ kind: 'subscription-updated', status: 'active', ...facts }]);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create-limited']);
    const [row] = await rows<{ status: string }>(
      server,
      sql`SELECT status FROM billing_subscriptions WHERE external_id = ${facts.subscription}`,
    );
    expect(row?.status).toBe('ended');
  });

  it('refuses a second live subscription to the same plan: it ends at once and holds nothing up', async () => {
    const bob = await createCustomer(server);
    const first = containersPlan(bob);
    const second = containersPlan(bob);
    await apply([{ kind: 'subscription-activated', ...first }]);
    await apply([{ kind: 'subscription-activated', ...second }]);
    const statuses = (await server.services.billing.subscriptionsOf(bob.customerId)).map((row) => [
      row.externalId,
      row.status,
      row.duplicateOf,
    ]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        [first.subscription, 'active', null],
        [second.subscription, 'ended', first.subscription],
      ]),
    );
    await apply([{ kind: 'subscription-ended', ...first }]);
    expect(await scopesOf(server, bob, 'serverless-container')).toEqual(['create-limited']);
  });

  it('grants cloud-database for the cloud databases plan', async () => {
    const carol = await createCustomer(server);
    const facts = { ...containersPlan(carol), planId: 'cloud-databases-EUR-Monthly' };
    await apply([{ kind: 'subscription-activated', ...facts }]);
    expect(await scopesOf(server, carol, 'cloud-database')).toEqual(['create']);
    expect(await scopesOf(server, carol, 'serverless-container')).toEqual(['create-limited']);
    await apply([{ kind: 'subscription-ended', ...facts }]);
    expect(await scopesOf(server, carol, 'cloud-database')).toEqual([]);
  });

  it("records a resource's subscription (a database cluster's plan) with its resource and status, granting no product", async () => {
    const dave = await createCustomer(server);
    const facts = {
      subscription: 'sub_cluster_1',
      customerId: dave.customerId,
      planId: 'pg-small',
      resourceId: 'cluster-42',
    };
    await apply([{ kind: 'subscription-activated', ...facts, currentPeriodEnd: '2030-01-31T00:00:00.000Z' }]);
    await apply([{ kind: 'subscription-updated', status: 'past_due', ...facts }]);
    const [row] = await server.services.billing.subscriptionsOf(dave.customerId);
    expect(row).toMatchObject({
      planId: 'pg-small',
      resourceId: 'cluster-42',
      status: 'past_due',
      // An update without a period end keeps the one known.
      currentPeriodEnd: new Date('2030-01-31T00:00:00.000Z'),
    });
    expect(await scopesOf(server, dave, 'serverless-container')).toEqual(['create-limited']);
    expect(await scopesOf(server, dave, 'cloud-database')).toEqual([]);
  });
});

describe('payments', () => {
  it('suspends with PAYMENT_ISSUES at the third failed payment in a row; a payment lifts it', async () => {
    const alice = await createCustomer(server);
    await apply([{ kind: 'subscription-activated', ...containersPlan(alice) }]);
    await apply([failedPayment(alice)]);
    await apply([failedPayment(alice)]);
    expect(await suspendedReason(alice)).toBeNull();
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
    await apply([failedPayment(alice)]);
    expect(await suspendedReason(alice)).toBe('PAYMENT_ISSUES');
    expect(await scopesOf(server, alice, 'serverless-container')).toBeNull();

    await apply([payment(alice)]);
    expect(await suspendedReason(alice)).toBeNull();
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
    expect(await failureCount(alice)).toBe(0);
  });

  it('starts counting afresh after a payment', async () => {
    const bob = await createCustomer(server);
    await apply([failedPayment(bob)]);
    await apply([failedPayment(bob)]);
    await apply([payment(bob)]);
    await apply([failedPayment(bob)]);
    await apply([failedPayment(bob)]);
    expect(await suspendedReason(bob)).toBeNull();
  });

  it('suspends when the provider gives up on a subscription (unpaid)', async () => {
    const carol = await createCustomer(server);
    const facts = containersPlan(carol);
    await apply([{ kind: 'subscription-activated', ...facts }]);
    await apply([{ kind: 'subscription-updated', status: 'unpaid', ...facts }]);
    expect(await suspendedReason(carol)).toBe('PAYMENT_ISSUES');
    await apply([payment(carol), { kind: 'subscription-updated', status: 'active', ...facts }]);
    expect(await scopesOf(server, carol, 'serverless-container')).toEqual(['create']);
  });

  it('neither replaces nor lifts a suspension for another reason', async () => {
    const dave = await createCustomer(server, { suspended: 'MALICIOUS_ACTIVITY' });
    for (let failure = 0; failure < 3; failure++) await apply([failedPayment(dave)]);
    expect(await suspendedReason(dave)).toBe('MALICIOUS_ACTIVITY');
    await apply([payment(dave)]);
    expect(await suspendedReason(dave)).toBe('MALICIOUS_ACTIVITY');
  });

  it('records a payment method: the customer has payment details', async () => {
    const erin = await createCustomer(server);
    await apply([{ kind: 'payment-method-attached', customerId: erin.customerId }]);
    const account = await server.services.accounts.findById(erin.accountId);
    expect(account?.customer.hasPaymentDetails).toBe(true);
  });
});
