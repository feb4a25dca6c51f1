import { describe, expect, it } from 'vitest';
import { waitForCluster } from '../support/database-clusters.ts';
import { expectGraphQLError } from '../support/http.ts';
import { activateStripeSubscription, useStripeServer } from '../support/stripe-server.ts';
import { CHANGE, DAY, PREVIEW, billing, cluster, clusterOf, stateOf } from './plan-change-setup.ts';

// A database cluster's plan changed through its Stripe subscription: Stripe's prorated figure for an upgrade,
// paid at once; a downgrade's price switched without proration, the cluster moved at the period's end.

const WEBHOOK_SECRET = 'whsec_plan_change';

describe('with Stripe', () => {
  const suite = useStripeServer(WEBHOOK_SECRET);

  /** A cluster on `plan` with its Stripe subscription, its period ending in 20 days. */
  async function stripeCluster(plan: string) {
    const { server } = suite;
    const { customer, clusterId } = await cluster(server, plan);
    const periodEnd = new Date(Date.now() + 20 * DAY);
    const subscription = await activateStripeSubscription(server, customer, {
      planId: plan,
      resourceId: clusterId,
      periodEnd,
    });
    const { subscription: row } = await stateOf(server, customer, clusterId);
    return { customer, clusterId, subscription, id: row.id };
  }

  const requestsTo = (path: string) => suite.stripe.requests.filter((request) => request.path === path);

  it("upgrades with Stripe's prorated figure, the one shown, and pays it at once", async () => {
    const { customer, clusterId, subscription, id } = await stripeCluster('xs-1');
    const api = billing(suite.server, customer);
    const { subscriptionPlanChangePreview: preview } = await api.data(PREVIEW, { id, planId: 's-1' });
    const prorationDate = Math.floor(Date.parse(preview.prorationDate) / 1000);
    const [asked] = requestsTo('/v1/invoices/create_preview').filter(
      (request) => request.params.subscription === subscription,
    );
    expect(asked?.params).toMatchObject({
      'subscription_details[items][0][id]': `si_of_${subscription}`,
      'subscription_details[items][0][price]': 'price_s1',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': String(prorationDate),
    });
    // The stand-in's period: 10 of 30 days gone, so two thirds of the €15.00 difference.
    expect(preview.chargedNow.amountCents).toBe(1000);

    await api.data(CHANGE, { id, planId: 's-1', prorationDate: preview.prorationDate });
    const updates = requestsTo(`/v1/subscriptions/${subscription}`).filter(
      (request) => request.method === 'POST',
    );
    expect(updates.map((request) => request.params)).toEqual([
      {
        'items[0][id]': `si_of_${subscription}`,
        'items[0][price]': 'price_s1',
        proration_behavior: 'always_invoice',
        proration_date: String(prorationDate),
        payment_behavior: 'pending_if_incomplete',
      },
      { 'metadata[planId]': 's-1' },
    ]);
    expect(updates[0]?.headers['idempotency-key']).toBe(`berth-plan-${subscription}-s-1-${prorationDate}`);
    expect((await stateOf(suite.server, customer, clusterId)).subscription.plan.id).toBe('s-1');
    await waitForCluster(customer, 'shop', 'orders');
    expect((await clusterOf(customer)).plan.id).toBe('s-1');
  });

  it('changes nothing when Stripe declines the payment of an upgrade', async () => {
    const { customer, clusterId, id } = await stripeCluster('xs-1');
    suite.stripe.declineUpgrades(true);
    try {
      const answer = await billing(suite.server, customer).gql(CHANGE, { id, planId: 's-1' });
      expect(expectGraphQLError(answer, 'CONFLICT').message).toBe(
        'The payment for the upgrade was declined, so the plan was not changed: update your card under billing details and try again',
      );
    } finally {
      suite.stripe.declineUpgrades(false);
    }
    expect((await stateOf(suite.server, customer, clusterId)).subscription.plan.id).toBe('xs-1');
    expect((await clusterOf(customer)).plan.id).toBe('xs-1');
  });

  it("switches the price without proration for a downgrade, and moves the cluster at the period's end", async () => {
    const { customer, clusterId, subscription, id } = await stripeCluster('s-3');
    const { subscriptionChangePlan } = await billing(suite.server, customer).data(CHANGE, {
      id,
      planId: 's-1',
    });
    expect(subscriptionChangePlan.pendingPlan?.id).toBe('s-1');
    const updates = requestsTo(`/v1/subscriptions/${subscription}`).filter(
      (request) => request.method === 'POST',
    );
    expect(updates.map((request) => request.params)).toEqual([
      {
        'items[0][id]': `si_of_${subscription}`,
        'items[0][price]': 'price_s1',
        proration_behavior: 'none',
        'metadata[planId]': 's-1',
      },
    ]);
    expect((await clusterOf(customer)).plan.id).toBe('s-3');

    await suite.server.services.billing.applyDuePlanChanges(
      new Date(Date.parse(subscriptionChangePlan.pendingPlanAt ?? '') + 60_000),
    );
    expect((await stateOf(suite.server, customer, clusterId)).subscription).toMatchObject({
      plan: { id: 's-1' },
      pendingPlan: null,
    });
    await waitForCluster(customer, 'shop', 'orders');
    expect((await clusterOf(customer)).plan).toEqual({ id: 's-1', storage: 25, replicas: 1 });
  });
});
