import { describe, expect, it } from 'vitest';
import { checkoutUrl, GOOD_CARD, postForm } from '../support/billing.ts';
import { createCustomer } from '../support/customers.ts';
import { waitForCluster } from '../support/database-clusters.ts';
import { expectGraphQLError } from '../support/http.ts';
import { useServer } from '../support/server.ts';
import {
  CANCEL,
  CHANGE,
  MONTH,
  PLAN_STATE,
  PREVIEW,
  billing,
  cluster,
  clusterOf,
  stateOf,
} from './plan-change-setup.ts';

// A database cluster's plan changes through its subscription: an upgrade applies now and charges the
// prorated difference shown before confirming, a downgrade waits for the period's end; the cluster is
// resized with it, and its storage never shrinks.

describe('with the built-in provider', () => {
  const suite = useServer();

  /** A cluster on `plan` whose plan is paid through the hosted checkout: the customer and its subscription. */
  async function paidCluster(plan: string) {
    const { customer, clusterId } = await cluster(suite.server, plan);
    const url = await checkoutUrl(suite.server, customer, { planId: plan, resourceId: clusterId });
    expect((await postForm(url, GOOD_CARD)).status).toBe(303);
    const { subscription } = await stateOf(suite.server, customer, clusterId);
    return {
      customer,
      clusterId,
      id: subscription.id,
      periodEnd: Date.parse(subscription.currentPeriodEnd ?? ''),
    };
  }

  it('upgrades now, charging the prorated difference shown before, and resizes the cluster', async () => {
    const { customer, clusterId, id, periodEnd } = await paidCluster('xs-1');
    const api = billing(suite.server, customer);
    const { subscription } = await stateOf(suite.server, customer, clusterId);
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

    const { invoices } = await stateOf(suite.server, customer, clusterId);
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
    expect((await stateOf(suite.server, customer, clusterId)).invoices).toHaveLength(2);
  });

  it("downgrades at the period's end, renewing at the new price, and can be taken back before", async () => {
    const { customer, clusterId, id, periodEnd } = await paidCluster('s-3');
    const api = billing(suite.server, customer);

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
    await suite.server.services.billing.applyDuePlanChanges(new Date(periodEnd - 60_000));
    expect((await clusterOf(customer)).plan.id).toBe('s-3');
    await suite.server.services.billing.collectDue(new Date(periodEnd + 60_000));
    const { subscription, invoices } = await stateOf(suite.server, customer, clusterId);
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
    await billing(suite.server, customer).data(CHANGE, { id, planId: 'm-1' });
    await suite.server.services.billing.applyDuePlanChanges(new Date(periodEnd + 60_000));
    expect((await stateOf(suite.server, customer, clusterId)).subscription.plan.id).toBe('m-1');
    await waitForCluster(customer, 'shop', 'orders');
    expect((await clusterOf(customer)).plan.id).toBe('m-1');
  });

  it('refuses what it cannot do, with the reason, changing nothing', async () => {
    const { customer, clusterId, id } = await paidCluster('s-1');
    const api = billing(suite.server, customer);
    const refused = async (planId: string, code: string, extra: { prorationDate?: string } = {}) => {
      const answers = [
        await api.gql(CHANGE, { id, planId, ...extra }),
        ...(extra.prorationDate ? [] : [await api.gql(PREVIEW, { id, planId })]),
      ];
      return answers.map((answer) => expectGraphQLError(answer, code));
    };

    for (const error of await refused('xs-1', 'BAD_USER_INPUT')) {
      expect(error.message).toBe(
        'Plan xs-1 has 10 GB of storage and the database cluster has 25 GB: storage cannot shrink, so choose a plan with at least 25 GB',
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
    const other = await createCustomer(suite.server, { subscriptions: ['cloud-database'] });
    expect(
      expectGraphQLError(await billing(suite.server, other).gql(CHANGE, { id, planId: 'm-1' }), 'NOT_FOUND')
        .message,
    ).toBe(`Subscription ${id} not found`);
    const containersUrl = await checkoutUrl(suite.server, other, {});
    expect((await postForm(containersUrl, GOOD_CARD)).status).toBe(303);
    const product = (await billing(suite.server, other).data(PLAN_STATE)).subscriptions[0];
    expect(product?.planChanges).toEqual([]);
    const productAnswer = await billing(suite.server, other).gql(CHANGE, {
      id: product?.id ?? '',
      planId: 'm-1',
    });
    expect(expectGraphQLError(productAnswer, 'BAD_USER_INPUT').message).toBe(
      'Plan serverless-containers-EUR-Monthly is the only plan of its product: there is none to change to',
    );

    // Cancelled: resume first. Suspended: refused by the gate.
    await api.data(CANCEL, { id });
    expect((await stateOf(suite.server, customer, clusterId)).subscription.planChanges).toEqual([]);
    for (const error of await refused('m-1', 'CONFLICT')) {
      expect(error.message).toBe(`Subscription ${id} is cancelled: resume it before changing its plan`);
    }
    await customer.suspend('PAYMENT_ISSUES');
    expect(expectGraphQLError(await api.gql(CHANGE, { id, planId: 'm-1' }), 'FORBIDDEN').message).toMatch(
      /^Your account is suspended because of payment issues/,
    );

    const { subscription, invoices } = await stateOf(suite.server, customer, clusterId);
    expect(subscription).toMatchObject({ plan: { id: 's-1' }, pendingPlan: null });
    expect(invoices).toHaveLength(1);
    expect((await clusterOf(customer)).plan.id).toBe('s-1');
  });
});
