import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/billing/gql.ts';
import { checkoutUrl, GOOD_CARD, postForm } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { billingApi, expectGraphQLError } from '../support/http.ts';
import { seedNamespace } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { activateStripeSubscription, useStripeServer } from '../support/stripe-server.ts';

// A database cluster's plan changes through its subscription: an upgrade applies now and charges the
// prorated difference shown before confirming, a downgrade waits for the period's end; the cluster is
// resized with it, and its storage never shrinks.

const PLAN_STATE = graphql(`
  query PlanChangeState {
    subscriptions {
      id
      plan {
        id
      }
      status
      resourceId
      currentPeriodEnd
      pendingPlan {
        id
      }
      pendingPlanAt
      planChanges {
        id
        price {
          amountCents
        }
      }
    }
    invoices {
      number
      lines {
        description
        amount {
          amountCents
        }
      }
      total {
        amountCents
      }
    }
  }
`);

const PREVIEW = graphql(`
  query PreviewPlanChange($id: ID!, $planId: ID!) {
    subscriptionPlanChangePreview(id: $id, planId: $planId) {
      subscriptionId
      from {
        id
      }
      to {
        id
      }
      timing
      effectiveAt
      chargedNow {
        amountCents
        currency
      }
      nextPeriodPrice {
        amountCents
      }
      prorationDate
    }
  }
`);

const CHANGE = graphql(`
  mutation ChangePlan($id: ID!, $planId: ID!, $prorationDate: DateTime) {
    subscriptionChangePlan(id: $id, planId: $planId, prorationDate: $prorationDate) {
      id
      plan {
        id
      }
      pendingPlan {
        id
      }
      pendingPlanAt
    }
  }
`);

const CANCEL = graphql(`
  mutation CancelBeforePlanChange($id: ID!) {
    subscriptionCancel(id: $id) {
      id
    }
  }
`);

interface ClusterPlan {
  cloudDatabaseCluster: {
    state: string;
    plan: { id: string; storage: number; replicas: number };
    events: { type: string; message: string }[];
  };
}

const CLUSTER_PLAN = `query ClusterPlan {
  cloudDatabaseCluster(cloudDatabase: {name: "orders", namespace: "shop"}) {
    state plan { id storage replicas } events(limit: 5) { type message }
  }
}`;

const DAY = 24 * 3600_000;
const MONTH = 30 * DAY;

const billing = (server: TestServer, customer: TestCustomer) =>
  billingApi(server.url, () => customer.token());

const clusterOf = async (customer: TestCustomer) =>
  (await customer.data<ClusterPlan>(CLUSTER_PLAN)).cloudDatabaseCluster;

/** A running cluster "orders" on `plan` of a customer subscribed to cloud databases; its id. */
async function cluster(server: TestServer, plan: string) {
  const customer = await createCustomer(server, { subscriptions: ['cloud-database'] });
  await seedNamespace(customer, 'shop');
  const { cloudDatabaseClusterCreate } = await customer.data(CREATE_CLUSTER, {
    input: { name: 'orders', namespace: 'shop', plan, spec: { type: 'postgresql', version: '16' } },
  });
  await waitForCluster(customer, 'shop', 'orders');
  return { customer, clusterId: cloudDatabaseClusterCreate.id };
}

async function stateOf(server: TestServer, customer: TestCustomer, clusterId: string) {
  const state = await billing(server, customer).data(PLAN_STATE);
  const subscription = state.subscriptions.find((row) => row.resourceId === clusterId);
  if (!subscription) throw new Error(`no subscription for cluster ${clusterId}`);
  return { subscription, invoices: state.invoices };
}

describe('with the built-in provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  /** A cluster on `plan` whose plan is paid through the hosted checkout: the customer and its subscription. */
  async function paidCluster(plan: string) {
    const { customer, clusterId } = await cluster(server, plan);
    const url = await checkoutUrl(server, customer, { planId: plan, resourceId: clusterId });
    expect((await postForm(url, GOOD_CARD)).status).toBe(303);
    const { subscription } = await stateOf(server, customer, clusterId);
    return {
      customer,
      clusterId,
      id: subscription.id,
      periodEnd: Date.parse(subscription.currentPeriodEnd ?? ''),
    };
  }

  it('upgrades now, charging the prorated difference shown before, and resizes the cluster', async () => {
    const { customer, clusterId, id, periodEnd } = await paidCluster('xs-1');
    const api = billing(server, customer);
    const { subscription } = await stateOf(server, customer, clusterId);
    // Every cluster plan with at least its 10 GB of storage, cheapest first.
    expect(subscription.planChanges.map((plan) => plan.id)).toEqual([
      's-1',
      'xs-3',
      'm-1',
      's-3',
      'l-1',
      'm-3',
      'xl-1',
      'l-3',
      'xl-3',
    ]);

    const { subscriptionPlanChangePreview: preview } = await api.data(PREVIEW, { id, planId: 's-1' });
    const prorationDate = Date.parse(preview.prorationDate);
    const expected = Math.round(((3000 - 1500) * (periodEnd - prorationDate)) / MONTH);
    expect(preview).toMatchObject({
      subscriptionId: id,
      from: { id: 'xs-1' },
      to: { id: 's-1' },
      timing: 'NOW',
      chargedNow: { amountCents: expected, currency: 'EUR' },
      nextPeriodPrice: { amountCents: 3000 },
    });
    expect(Date.parse(preview.effectiveAt)).toBe(prorationDate);
    expect(expected).toBeGreaterThan(1490);

    const { subscriptionChangePlan } = await api.data(CHANGE, {
      id,
      planId: 's-1',
      prorationDate: preview.prorationDate,
    });
    expect(subscriptionChangePlan).toMatchObject({ id, plan: { id: 's-1' }, pendingPlan: null });

    const { invoices } = await stateOf(server, customer, clusterId);
    // The checkout's invoice, then the upgrade's: the amount shown, nothing more.
    expect(invoices).toHaveLength(2);
    expect(invoices[0]?.total.amountCents).toBe(expected);
    expect(invoices[0]?.lines[0]?.description).toMatch(
      /^Database cluster: Small, upgraded from xs-1, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/,
    );

    await waitForCluster(customer, 'shop', 'orders');
    const resized = await clusterOf(customer);
    expect(resized.plan).toEqual({ id: 's-1', storage: 25, replicas: 1 });
    expect(resized.events[0]).toEqual({
      type: 'PLAN_CHANGED',
      message: 'Plan changed from Extra small to Small: 1 vCPU, 2 GB memory, 25 GB storage, one replica',
    });

    // Confirming again (a retried request) is refused, the plan being s-1 now: nothing is charged twice.
    const again = await api.gql(CHANGE, { id, planId: 's-1', prorationDate: preview.prorationDate });
    expect(expectGraphQLError(again, 'BAD_USER_INPUT').message).toBe(
      'The subscription is on plan s-1 already',
    );
    expect((await stateOf(server, customer, clusterId)).invoices).toHaveLength(2);
  });

  it("downgrades at the period's end, renewing at the new price, and can be taken back before", async () => {
    const { customer, clusterId, id, periodEnd } = await paidCluster('s-3');
    const api = billing(server, customer);

    const { subscriptionPlanChangePreview: preview } = await api.data(PREVIEW, { id, planId: 's-1' });
    expect(preview).toMatchObject({
      timing: 'PERIOD_END',
      chargedNow: { amountCents: 0 },
      nextPeriodPrice: { amountCents: 3000 },
    });
    expect(Date.parse(preview.effectiveAt)).toBe(periodEnd);

    const waiting = (await api.data(CHANGE, { id, planId: 's-1' })).subscriptionChangePlan;
    expect(waiting).toMatchObject({ plan: { id: 's-3' }, pendingPlan: { id: 's-1' } });
    expect(Date.parse(waiting.pendingPlanAt ?? '')).toBe(periodEnd);
    expect((await clusterOf(customer)).plan.id, 'the cluster keeps its plan until then').toBe('s-3');

    // Asking for the current plan again takes the downgrade back; asking once more sets it again.
    const kept = (await api.data(CHANGE, { id, planId: 's-3' })).subscriptionChangePlan;
    expect(kept).toMatchObject({ plan: { id: 's-3' }, pendingPlan: null, pendingPlanAt: null });
    await api.data(CHANGE, { id, planId: 's-1' });

    // Before the period's end nothing moves; at its renewal the subscription, invoice and cluster do.
    await server.services.billing.applyDuePlanChanges(new Date(periodEnd - 60_000));
    expect((await clusterOf(customer)).plan.id).toBe('s-3');
    await server.services.billing.collectDue(new Date(periodEnd + 60_000));
    const { subscription, invoices } = await stateOf(server, customer, clusterId);
    expect(subscription).toMatchObject({ plan: { id: 's-1' }, pendingPlan: null, pendingPlanAt: null });
    expect(invoices[0]?.lines.map((line) => line.amount.amountCents)).toEqual([3000]);
    expect(invoices[0]?.lines[0]?.description).toMatch(/^Database cluster: Small, /);

    await waitForCluster(customer, 'shop', 'orders');
    const resized = await clusterOf(customer);
    expect(resized.plan).toEqual({ id: 's-1', storage: 25, replicas: 1 });
    expect(resized.events[0]?.type).toBe('PLAN_CHANGED');
  });

  it('applies a due downgrade each minute, whether or not the renewal ran first', async () => {
    const { customer, clusterId, id, periodEnd } = await paidCluster('m-3');
    await billing(server, customer).data(CHANGE, { id, planId: 'm-1' });
    await server.services.billing.applyDuePlanChanges(new Date(periodEnd + 60_000));
    expect((await stateOf(server, customer, clusterId)).subscription.plan.id).toBe('m-1');
    await waitForCluster(customer, 'shop', 'orders');
    expect((await clusterOf(customer)).plan.id).toBe('m-1');
  });

  it('refuses what it cannot do, with the reason, changing nothing', async () => {
    const { customer, clusterId, id } = await paidCluster('s-1');
    const api = billing(server, customer);
    const refused = async (planId: string, code: string, extra: { prorationDate?: string } = {}) => {
      const answers = [
        await api.gql(CHANGE, { id, planId, ...extra }),
        ...(extra.prorationDate ? [] : [await api.gql(PREVIEW, { id, planId })]),
      ];
      return answers.map((answer) => expectGraphQLError(answer, code));
    };

    for (const error of await refused('xs-1', 'BAD_USER_INPUT')) {
      expect(error.message).toBe(
        'Plan xs-1 has 10 GB of storage and the cluster has 25 GB: storage cannot shrink, so choose a plan with at least 25 GB',
      );
      expect(error.extensions?.field).toBe('planId');
    }
    for (const error of await refused('s-1', 'BAD_USER_INPUT')) {
      expect(error.message).toBe('The subscription is on plan s-1 already');
    }
    for (const error of await refused('huge', 'BAD_USER_INPUT')) {
      expect(error.message).toMatch(/^Unknown database cluster plan huge; one of xs-1, xs-3, /);
    }
    const stale = new Date(Date.now() - 11 * 60_000).toISOString();
    for (const error of await refused('m-1', 'BAD_USER_INPUT', { prorationDate: stale })) {
      expect(error.message).toBe(
        'The preview of this change is more than 10 minutes old: preview it again to see what it charges',
      );
      expect(error.extensions?.field).toBe('prorationDate');
    }

    // Another customer's subscription is not found; a product plan has no other plan.
    const other = await createCustomer(server, { subscriptions: ['cloud-database'] });
    expect(
      expectGraphQLError(await billing(server, other).gql(CHANGE, { id, planId: 'm-1' }), 'NOT_FOUND')
        .message,
    ).toBe(`Subscription ${id} not found`);
    const containersUrl = await checkoutUrl(server, other, {});
    expect((await postForm(containersUrl, GOOD_CARD)).status).toBe(303);
    const product = (await billing(server, other).data(PLAN_STATE)).subscriptions[0];
    expect(product?.planChanges).toEqual([]);
    const productAnswer = await billing(server, other).gql(CHANGE, { id: product?.id ?? '', planId: 'm-1' });
    expect(expectGraphQLError(productAnswer, 'BAD_USER_INPUT').message).toBe(
      'Plan serverless-containers-EUR-Monthly is the only plan of its product: there is none to change to',
    );

    // Cancelled: resume first. Suspended: refused by the gate.
    await api.data(CANCEL, { id });
    expect((await stateOf(server, customer, clusterId)).subscription.planChanges).toEqual([]);
    for (const error of await refused('m-1', 'CONFLICT')) {
      expect(error.message).toBe(`Subscription ${id} is cancelled: resume it before changing its plan`);
    }
    await customer.suspend('PAYMENT_ISSUES');
    expect(expectGraphQLError(await api.gql(CHANGE, { id, planId: 'm-1' }), 'FORBIDDEN').message).toMatch(
      /^Your account is suspended because of payment issues/,
    );

    const { subscription, invoices } = await stateOf(server, customer, clusterId);
    expect(subscription).toMatchObject({ plan: { id: 's-1' }, pendingPlan: null });
    expect(invoices).toHaveLength(1);
    expect((await clusterOf(customer)).plan.id).toBe('s-1');
  });
});

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
