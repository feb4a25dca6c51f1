import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rows, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { seedNamespace } from '../support/seed.ts';
import { activateStripeSubscription, useStripeServer } from '../support/stripe-server.ts';
import { deliverStripeEvent } from '../support/stripe-events.ts';
import { CANCEL, CONTAINERS, DAY, RESUME, billing, subscriptionTo } from './subscriptions-setup.ts';

// A subscription's cancellation and resumption told to Stripe (again, when Stripe refused), one made in
// Stripe's Customer Portal recorded, and a deleted cluster's plan ended at Stripe.

const WEBHOOK_SECRET = 'whsec_lifecycle';

describe('with Stripe', () => {
  const suite = useStripeServer(WEBHOOK_SECRET);

  /** A Stripe subscription of the customer, its period ending in 30 days. */
  const stripeSubscription = (customer: TestCustomer, planId: string, resourceId: string) =>
    activateStripeSubscription(suite.server, customer, {
      planId,
      resourceId,
      periodEnd: new Date(Date.now() + 30 * DAY),
    });

  const updatesOf = (subscription: string) =>
    suite.stripe.requests
      .filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription}`)
      .map((request) => request.params.cancel_at_period_end);

  it('sets cancel_at_period_end at Stripe when the customer cancels and resumes', async () => {
    const customer = await createCustomer(suite.server);
    const subscription = await stripeSubscription(customer, CONTAINERS, String(customer.customerId));
    const { id } = await subscriptionTo(suite.server, customer, CONTAINERS);
    await billing(suite.server, customer).data(CANCEL, { id });
    await billing(suite.server, customer).data(RESUME, { id });
    expect(updatesOf(subscription)).toEqual(['true', 'false']);
  });

  it('keeps a cancellation Stripe refused and tells Stripe again later', async () => {
    const customer = await createCustomer(suite.server);
    const subscription = await stripeSubscription(customer, CONTAINERS, String(customer.customerId));
    const { id } = await subscriptionTo(suite.server, customer, CONTAINERS);
    suite.stripe.failNext(400, { type: 'api_error', message: 'Stripe is having a moment' });
    const { subscriptionCancel } = await billing(suite.server, customer).data(CANCEL, { id });
    expect(subscriptionCancel.cancelAtPeriodEnd).toBe(true);
    expect(updatesOf(subscription)).toEqual(['true']);
    const [row] = await rows<{ provider_synced: boolean }>(
      suite.server,
      sql`SELECT provider_synced FROM billing_subscriptions WHERE external_id = ${subscription}`,
    );
    expect(row?.provider_synced).toBe(false);

    await suite.server.services.billing.tellProviderPending();
    expect(updatesOf(subscription)).toEqual(['true', 'true']);
    await suite.server.services.billing.tellProviderPending();
    expect(updatesOf(subscription), 'told once it succeeded').toEqual(['true', 'true']);
  });

  it("records a cancellation made in Stripe's Customer Portal, and its undoing", async () => {
    const customer = await createCustomer(suite.server);
    const resourceId = String(customer.customerId);
    const subscription = await stripeSubscription(customer, CONTAINERS, resourceId);
    const updated = (cancel: boolean) =>
      deliverStripeEvent(suite.server.url, WEBHOOK_SECRET, 'customer.subscription.updated', {
        id: subscription,
        object: 'subscription',
        customer: `cus_${randomBytes(6).toString('hex')}`,
        status: 'active',
        cancel_at_period_end: cancel,
        metadata: { customerId: resourceId, planId: CONTAINERS, resourceId },
        items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
      });
    expect(await updated(true)).toBe(200);
    expect(await subscriptionTo(suite.server, customer, CONTAINERS)).toMatchObject({
      cancelAtPeriodEnd: true,
      resumable: true,
    });
    expect(await updated(false)).toBe(200);
    expect(await subscriptionTo(suite.server, customer, CONTAINERS)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    // Stripe told us: nothing to tell it back.
    expect(updatesOf(subscription)).toEqual([]);
  });

  it("tells Stripe that a deleted cluster's plan ends at its period end", async () => {
    const customer = await createCustomer(suite.server, { subscriptions: ['cloud-database'] });
    await seedNamespace(customer, 'shop');
    const { cloudDatabaseClusterCreate } = await customer.data(CREATE_CLUSTER, {
      input: { name: 'orders', namespace: 'shop', plan: 'xs-1', spec: { type: 'postgresql', version: '16' } },
    });
    await waitForCluster(customer, 'shop', 'orders');
    const subscription = await stripeSubscription(customer, 'xs-1', cloudDatabaseClusterCreate.id);
    await customer.data(
      'mutation { cloudDatabaseClusterDelete(cloudDatabase: {name: "orders", namespace: "shop"}) }',
    );
    await suite.server.services.billing.tellProviderPending();
    expect(updatesOf(subscription)).toEqual(['true']);
  });
});
