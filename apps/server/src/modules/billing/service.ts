import type { Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, conflict, notFound } from '../../errors.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { Fulfilment } from './fulfilment.ts';
import {
  BILLABLE_PLANS,
  CLUSTER_PLANS,
  DEFAULT_PLAN_ID,
  planChangeProblem,
  PRODUCT_PLANS,
  type BillablePlan,
} from './plans.ts';
import type { BillingCustomer, BillingProvider, PlanChange } from './provider.ts';
import { createBillingStore, type BillingStore, type SubscriptionRow } from './store.ts';

/**
 * Where the hosted pages send the browser back to: portal addresses built from PUBLIC_URL, never taken from
 * the client (an address from the request would make the hosted pages an open redirect).
 * `checkout=success|cancelled` tells the portal how the checkout ended. The billing-details page has one way
 * back (a provider's customer portal has only a return address), so it carries no outcome.
 */
export function portalReturnUrls(publicUrl: string) {
  const productPage: Record<string, string> = {
    'serverless-container': '/compute/serverless-containers',
    'cloud-database': '/storage/databases',
  };
  return {
    checkout(product: string) {
      const page = `${publicUrl}${productPage[product] ?? '/'}`;
      return { successUrl: `${page}?checkout=success`, cancelUrl: `${page}?checkout=cancelled` };
    },
    details: `${publicUrl}/account/billing`,
  };
}

const billingCustomer = (account: AccountWithCustomer): BillingCustomer => ({
  id: account.customerId,
  name: account.customer.name,
  email: account.email,
});

/** The customer's database cluster of this id (its name, plan, and whether it is busy), undefined for any other. */
export type ClusterLookup = (
  customerId: number,
  id: string,
) => Promise<{ name: string; planId: string; locked: boolean } | undefined>;

/** How long a plan change's preview holds: its proration date is accepted for so long. */
export const PRORATION_QUOTE_MS = 10 * 60_000;

/**
 * A resource with a plan of its own (a database cluster) is being deleted: its subscription ends with it, at
 * the end of the period paid for. Runs in the deleting transaction; the provider is told after it commits.
 */
export const endPlanOfResource = (tx: Db, customerId: number, resource: { id: string; name: string }) =>
  createBillingStore(tx).endWithResource(customerId, resource, [...CLUSTER_PLANS.keys()]);

/** Whether subscriptionResume may undo a cancellation: not once the resource is gone, nor once it ended. */
export const isResumable = (row: SubscriptionRow) =>
  row.status !== 'ended' && row.cancelAtPeriodEnd && !row.resourceDeleted;

/** Why the subscription's plan cannot change now (whatever the plan), or undefined when it can. */
export function planChangeBlocker(row: SubscriptionRow): string | undefined {
  if (row.status === 'ended') return `Subscription ${row.id} has ended`;
  if (row.cancelAtPeriodEnd) {
    return row.resourceDeleted
      ? `Subscription ${row.id} ends with the resource it paid for, which was deleted`
      : `Subscription ${row.id} is cancelled: resume it before changing its plan`;
  }
  if (row.status !== 'active') return `Subscription ${row.id} has an unpaid invoice: pay it before changing its plan`;
  if (!row.currentPeriodEnd) return `Subscription ${row.id} has no paid period yet: try again in a minute`;
  return undefined;
}

const factsOf = (row: SubscriptionRow) => ({
  subscription: row.externalId,
  customerId: row.customerId,
  planId: row.planId,
  resourceId: row.resourceId,
});

const plan = (id: string): BillablePlan => {
  const found = BILLABLE_PLANS.get(id);
  if (!found) throw new Error(`a subscription is on plan ${id}, which this version does not sell`);
  return found;
};

/**
 * The customer-facing billing calls: hosted pages to subscribe and to edit billing details, cancelling and
 * resuming subscriptions.
 */
export function createBillingService(deps: {
  db: Db;
  publicUrl: string;
  provider: BillingProvider;
  store: BillingStore;
  clusterOf: ClusterLookup;
  fulfilment: Fulfilment;
  /** Where a provider that cannot be told a change is reported (it is told again later). */
  warn: (message: string, error: unknown) => void;
}) {
  const { provider, store } = deps;
  const returnUrls = portalReturnUrls(deps.publicUrl);

  async function subscriptionOf(account: AccountWithCustomer, id: string) {
    const number = rowId(id);
    const row = number === undefined ? undefined : await store.subscriptionOf(account.customerId, number);
    if (!row) throw notFound(`Subscription ${id}`);
    return row;
  }

  /**
   * Tells the provider what it does not know yet of the row: to refund and cancel a refused duplicate, or
   * whether it ends at its period's end. A failure is reported and left for the next try.
   */
  async function tellProvider(row: SubscriptionRow) {
    try {
      if (row.duplicateOf) await provider.refundDuplicate(row.externalId);
      else await provider.setCancelAtPeriodEnd(row.externalId, row.cancelAtPeriodEnd);
      await store.markSynced(row.id, row.cancelAtPeriodEnd);
    } catch (error) {
      deps.warn(`telling ${provider.name} about subscription ${row.externalId} failed`, error);
    }
  }

  async function setCancelAtPeriodEnd(row: SubscriptionRow, cancel: boolean) {
    if (row.cancelAtPeriodEnd === cancel) return row;
    const updated = await store.setCancelAtPeriodEnd(row.id, cancel);
    if (!updated) throw conflict(`Subscription ${row.id} has ended or its resource was deleted meanwhile`);
    await tellProvider(updated);
    return updated;
  }

  /**
   * The change of subscription `id` to plan `planId` as the provider is asked it, after every check: the
   * plan can change (BAD_USER_INPUT otherwise), the subscription is active and paid, and its cluster is not
   * busy (CONFLICT otherwise). An upgrade is prorated from `prorationDate`.
   */
  async function planChangeOf(
    account: AccountWithCustomer,
    id: string,
    planId: string,
    prorationDate: Date,
  ): Promise<{ row: SubscriptionRow; change: PlanChange }> {
    const row = await subscriptionOf(account, id);
    const problem = planChangeProblem(row.planId, planId);
    if (problem) throw badInput('planId', problem);
    const blocker = planChangeBlocker(row);
    if (blocker || !row.currentPeriodEnd) throw conflict(blocker ?? `Subscription ${id} has no paid period`);
    const cluster = await deps.clusterOf(account.customerId, row.resourceId);
    if (!cluster) throw conflict(`Subscription ${id} is for a database cluster that is gone`);
    if (cluster.locked) {
      throw conflict(`Database cluster ${cluster.name} is being changed: change its plan once it is ready`);
    }
    const from = plan(row.planId);
    const to = plan(planId);
    const change: PlanChange = {
      subscription: row.externalId,
      customerId: account.customerId,
      resourceId: row.resourceId,
      from,
      to,
      timing: to.monthlyPriceCents > from.monthlyPriceCents ? 'now' : 'period-end',
      prorationDate,
      currentPeriodEnd: row.currentPeriodEnd,
    };
    return { row, change };
  }

  /** The proration date of a change: one a preview gave within PRORATION_QUOTE_MS, or now. */
  function prorationDateOf(given: Date | null | undefined) {
    const now = Date.now();
    if (!given) return new Date(now);
    if (given.getTime() > now || given.getTime() < now - PRORATION_QUOTE_MS) {
      throw badInput(
        'prorationDate',
        'The preview of this change is more than 10 minutes old: preview it again to see what it charges',
      );
    }
    return given;
  }

  function productCheckout(account: AccountWithCustomer, planId: string, resourceId: string | undefined) {
    const plan = PRODUCT_PLANS.get(planId);
    if (!plan?.product) {
      const known = [...BILLABLE_PLANS.keys()].join(', ');
      throw badInput('planId', `Unknown plan ${planId}; one of ${known}`);
    }
    const ownId = String(account.customerId);
    if (resourceId !== undefined && resourceId !== ownId) throw notFound(`Resource ${resourceId}`);
    return { plan, resourceId: ownId };
  }

  async function clusterCheckout(
    account: AccountWithCustomer,
    planId: string,
    resourceId: string | undefined,
  ) {
    if (resourceId === undefined) {
      throw badInput(
        'resourceId',
        `Plan ${planId} is a database cluster's: give the cluster's id as resourceId`,
      );
    }
    const cluster = await deps.clusterOf(account.customerId, resourceId);
    if (!cluster) throw notFound(`Resource ${resourceId}`);
    if (cluster.planId !== planId) {
      throw badInput('planId', `Database cluster ${cluster.name} has plan ${cluster.planId}, not ${planId}`);
    }
    const plan = CLUSTER_PLANS.get(planId);
    if (!plan) throw new Error(`database cluster ${cluster.name} has an unknown plan ${planId}`);
    return { plan, resourceId };
  }

  return {
    /**
     * A checkout for a plan. A product plan is subscribed to for the customer as a whole: its resource is
     * the customer's own id (Account.customer.id), given or not; any other resource is not found. A database
     * cluster's plan is subscribed to for that cluster: resourceId is the cluster's id, and the plan must be
     * the cluster's. What the customer subscribes to already (a subscription that has not ended) is not sold
     * twice.
     */
    async requestCheckout(account: AccountWithCustomer, input: { planId?: string; resourceId?: string }) {
      const planId = input.planId ?? DEFAULT_PLAN_ID;
      const { plan, resourceId } = CLUSTER_PLANS.has(planId)
        ? await clusterCheckout(account, planId, input.resourceId)
        : productCheckout(account, planId, input.resourceId);
      // One open checkout per customer, plan and resource: decided under the customer's lock, so two requests
      // at once get the same page.
      return deps.db.transaction(async (tx) => {
        const txStore = createBillingStore(tx);
        await txStore.lockCustomer(account.customerId);
        if (await txStore.hasLiveSubscription(account.customerId, plan.id, resourceId)) {
          throw conflict(`You already subscribe to ${plan.name}`);
        }
        // A page that stays open for at least a few minutes more: the customer still has to fill it in.
        const openUntil = new Date(Date.now() + 5 * 60_000);
        const open = await txStore.openCheckoutUrl(account.customerId, plan.id, resourceId, openUntil);
        if (open) return { url: open };
        const request = {
          customer: billingCustomer(account),
          plan,
          resourceId,
          ...returnUrls.checkout(plan.product ?? 'cloud-database'),
        };
        const page = await provider.createCheckout(request, tx);
        await txStore.insertSession({
          id: page.id,
          kind: 'checkout',
          customerId: account.customerId,
          email: account.email,
          planId: plan.id,
          resourceId,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: page.expiresAt,
          url: page.url,
        });
        return { url: page.url };
      });
    },

    requestDetailsPage(account: AccountWithCustomer) {
      return provider.createDetailsPage({
        customer: billingCustomer(account),
        returnUrl: returnUrls.details,
      });
    },

    /**
     * Ends the subscription when its paid period does instead of renewing; nothing is refunded. Cancelling a
     * cancelled one changes nothing. CONFLICT once it has ended.
     */
    async cancel(account: AccountWithCustomer, id: string) {
      const row = await subscriptionOf(account, id);
      if (row.status === 'ended') throw conflict(`Subscription ${id} has ended already`);
      return setCancelAtPeriodEnd(row, true);
    },

    /** Undoes a cancellation before the period ends. CONFLICT once it ended or its resource was deleted. */
    async resume(account: AccountWithCustomer, id: string) {
      const row = await subscriptionOf(account, id);
      if (row.status === 'ended') throw conflict(`Subscription ${id} has ended: subscribe again instead`);
      if (row.resourceDeleted) {
        throw conflict(`Subscription ${id} ends with the resource it paid for, which was deleted`);
      }
      return setCancelAtPeriodEnd(row, false);
    },

    /** What moving the subscription to plan `planId` would do and charge now (the provider's figure). */
    async previewPlanChange(account: AccountWithCustomer, id: string, planId: string) {
      const { row, change } = await planChangeOf(account, id, planId, new Date());
      const upgrade = change.timing === 'now';
      const chargedNow = upgrade ? await provider.previewPlanChange(change) : 0;
      return {
        subscriptionId: String(row.id),
        from: change.from,
        to: change.to,
        timing: upgrade ? ('NOW' as const) : ('PERIOD_END' as const),
        effectiveAt: upgrade ? change.prorationDate : change.currentPeriodEnd,
        chargedNow,
        prorationDate: change.prorationDate,
      };
    },

    /**
     * Moves the subscription to plan `planId`: an upgrade now (the provider charges the prorated difference,
     * then the subscription and its cluster move), a downgrade at the period's end. The current plan again
     * drops a waiting downgrade.
     */
    async changePlan(account: AccountWithCustomer, id: string, planId: string, prorationDate?: Date | null) {
      const current = await subscriptionOf(account, id);
      if (planId === current.planId && current.pendingPlanId) {
        const { change } = await planChangeOf(account, id, current.pendingPlanId, new Date());
        // The provider bills the current plan again from the next period on.
        await provider.changePlan({ ...change, from: change.to, to: change.from });
        return (await store.setPendingPlan(current.id, null, null)) ?? current;
      }
      const { row, change } = await planChangeOf(account, id, planId, prorationDateOf(prorationDate));
      const reported = await provider.changePlan(change);
      if (change.timing === 'period-end') {
        return (await store.setPendingPlan(row.id, planId, row.currentPeriodEnd)) ?? row;
      }
      await deps.fulfilment.apply({
        provider: provider.name,
        id: `evt_berth_plan_${row.externalId}_${planId}_${change.prorationDate.getTime()}`,
        changes: [{ kind: 'plan-changed', ...factsOf(row), planId }, ...reported],
      });
      return (await store.subscriptionOf(account.customerId, row.id)) ?? row;
    },

    /** Applies every downgrade whose period ended by `now` (each minute); returns how many. */
    async applyDuePlanChanges(now = new Date()) {
      const due = await store.pendingPlansDue(provider.name, now);
      for (const row of due) {
        if (!row.pendingPlanId || !row.pendingPlanAt) continue;
        await deps.fulfilment.apply({
          provider: provider.name,
          id: `evt_berth_plan_${row.externalId}_${row.pendingPlanId}_${row.pendingPlanAt.getTime()}`,
          changes: [{ kind: 'plan-changed', ...factsOf(row), planId: row.pendingPlanId }],
        });
      }
      return due.length;
    },

    /**
     * Tells the provider every cancellation, resumption and refused duplicate it has not been told yet
     * (each minute, and after each provider event).
     */
    async tellProviderPending() {
      for (const row of await store.unsyncedSubscriptions(provider.name)) await tellProvider(row);
    },

    /** Hosted-page sessions expired for a day are deleted (the server's hourly clean-up). */
    purgeExpiredSessions: () => store.deleteSessionsExpiredBefore(new Date(Date.now() - 24 * 3600_000)),

    subscriptionsOf: store.subscriptionsOf,
    invoicesOf: store.invoicesOf,
    async invoiceOf(customerId: number, number: string) {
      const invoice = await store.invoiceOf(customerId, number);
      if (!invoice) throw notFound(`Invoice ${number}`);
      return invoice;
    },
    hasLiveSubscription: (customerId: number) => store.hasLiveSubscription(customerId),
    detailsOf: store.detailsOf,
    paymentMethodOf: store.paymentMethodOf,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
