import { badInput, conflict } from '../../errors.ts';
import { authorize } from '../accounts/authorize.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { Fulfilment, PlannedResourceKinds } from './fulfilment/fulfilment.ts';
import {
  BILLABLE_PLANS,
  PLANNED_KIND_AREAS,
  PLANNED_KIND_NOUNS,
  planChangeProblem,
  RESOURCE_PLANS,
  type BillablePlan,
} from './plans.ts';
import type { BillingProvider, PlanChange } from './provider.ts';
import type { BillingStore, SubscriptionRow } from './store.ts';

// A resource's plan (a database cluster's, a message queue's) changes through its subscription: an upgrade
// now, the provider charging the prorated difference the preview showed; a downgrade at the period's end
// (each minute, the due ones are applied); the resource is resized by the fulfilment's plan-changed change.

/** How long a plan change's preview holds: its proration date is accepted for so long. */
export const PRORATION_QUOTE_MS = 10 * 60_000;

/** Why the subscription's plan cannot change now (whatever the plan), or undefined when it can. */
export function planChangeBlocker(row: SubscriptionRow): string | undefined {
  if (row.status === 'ended') return `Subscription ${row.id} has ended`;
  if (row.cancelAtPeriodEnd) {
    return row.resourceDeleted
      ? `Subscription ${row.id} ends with the resource it paid for, which was deleted`
      : `Subscription ${row.id} is cancelled: resume it before changing its plan`;
  }
  if (row.status !== 'active')
    return `Subscription ${row.id} has an unpaid invoice: pay it before changing its plan`;
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

/** Previewing, making and applying plan changes: part of the billing service. */
export function createPlanChanges(deps: {
  provider: BillingProvider;
  store: BillingStore;
  resources: PlannedResourceKinds;
  fulfilment: Fulfilment;
  /** The customer's subscription of this id; NOT_FOUND for any other. */
  subscriptionOf: (account: AccountWithCustomer, id: string) => Promise<SubscriptionRow>;
}) {
  const { provider, store, subscriptionOf } = deps;

  /**
   * The change of subscription `id` to plan `planId` as the provider is asked it, after every check: the
   * plan can change (BAD_USER_INPUT otherwise), the subscription is active and paid, and its resource is not
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
    // planChangeProblem found the plan: only a resource's plan changes.
    const kind = RESOURCE_PLANS.get(row.planId)?.kind ?? 'DATABASE_CLUSTER';
    const noun = PLANNED_KIND_NOUNS[kind];
    const resource = await deps.resources[kind].find(account.customerId, row.resourceId);
    if (!resource) throw conflict(`Subscription ${id} is for a ${noun} that is gone`);
    if (resource.locked) {
      throw conflict(`The ${noun} ${resource.name} is being changed: change its plan once it is ready`);
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

  return {
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
     * then the subscription and its resource move), a downgrade at the period's end. The current plan again
     * drops a waiting downgrade.
     */
    async changePlan(account: AccountWithCustomer, id: string, planId: string, prorationDate?: Date | null) {
      const current = await subscriptionOf(account, id);
      const kind = RESOURCE_PLANS.get(current.planId)?.kind;
      if (kind) authorize(account, { area: PLANNED_KIND_AREAS[kind], action: 'grow' });
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
  };
}
