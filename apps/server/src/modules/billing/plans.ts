import type { Area } from '@berth/rules';
import type { Product } from '../accounts/permissions.ts';
import { DATABASE_CLUSTER_PLANS } from '../pricing/database-plans.ts';
import { MESSAGE_QUEUE_PLANS } from '../pricing/message-queue-plans.ts';
import { PRICING_PLANS } from '../pricing/plans.ts';

/** A plan one can subscribe to through checkout, with what an active subscription to it grants. */
export interface BillablePlan {
  id: string;
  name: string;
  monthlyPriceCents: number;
  currency: 'EUR';
  /** The product whose `create` scope the subscription grants; none for a resource's plan (a cluster's). */
  product?: Product;
}

export const DEFAULT_PLAN_ID = PRICING_PLANS.serverlessContainers.id;

/** Plans subscribed to for the customer as a whole (resourceId = the customer's id), by id. */
export const PRODUCT_PLANS: ReadonlyMap<string, BillablePlan> = new Map(
  [
    { ...PRICING_PLANS.serverlessContainers, product: 'serverless-container' as const },
    { ...PRICING_PLANS.cloudDatabases, product: 'cloud-database' as const },
  ].map((plan) => [plan.id, { ...plan, currency: 'EUR' as const }]),
);

/** The kinds of resource with a plan of their own, as usage and unpaid resources name them. */
export type PlannedKind = 'DATABASE_CLUSTER' | 'MESSAGE_QUEUE';

/** "database cluster", as sentences name a resource of the kind. */
export const PLANNED_KIND_NOUNS: Record<PlannedKind, string> = {
  DATABASE_CLUSTER: 'database cluster',
  MESSAGE_QUEUE: 'message queue',
};

/** The access policy's area of each kind: where changing its plan (a resize) is decided. */
export const PLANNED_KIND_AREAS: Record<PlannedKind, Area> = {
  DATABASE_CLUSTER: 'cloud-database',
  MESSAGE_QUEUE: 'message-queue',
};

/** A plan of one resource (resourceId = the resource's id): a database cluster's or a message queue's. */
export interface ResourcePlan extends BillablePlan {
  kind: PlannedKind;
  /** Per replica: a plan change may grow it, never shrink it (disks only grow). */
  storageGb: number;
}

const resourcePlans = (
  kind: PlannedKind,
  label: string,
  plans: readonly { id: string; name: string; monthlyPriceCents: number; storageGb: number }[],
) =>
  plans.map((plan): [string, ResourcePlan] => [
    plan.id,
    {
      id: plan.id,
      name: `${label}: ${plan.name}`,
      monthlyPriceCents: plan.monthlyPriceCents,
      currency: 'EUR',
      kind,
      storageGb: plan.storageGb,
    },
  ]);

/** Plans of one resource each, by id: the database cluster and message queue plans. */
export const RESOURCE_PLANS: ReadonlyMap<string, ResourcePlan> = new Map([
  ...resourcePlans('DATABASE_CLUSTER', 'Database cluster', DATABASE_CLUSTER_PLANS),
  ...resourcePlans('MESSAGE_QUEUE', 'Message queue', MESSAGE_QUEUE_PLANS),
]);

/** Every plan sold through checkout, by id. */
export const BILLABLE_PLANS: ReadonlyMap<string, BillablePlan> = new Map([
  ...PRODUCT_PLANS,
  ...RESOURCE_PLANS,
]);

/** The plan's name as customers read it; its id for a plan no longer sold. */
export const planNameOf = (planId: string) => BILLABLE_PLANS.get(planId)?.name ?? planId;

/** Plan ids of the plans granting this product. */
export const plansGranting = (product: Product) =>
  [...PRODUCT_PLANS.values()].filter((plan) => plan.product === product).map((plan) => plan.id);

/** "€9.00" */
export const formatEuros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/**
 * Why a subscription to plan `fromId` cannot move to `toId`, or undefined when it can. Only a resource's plan
 * changes (a product has one plan), to another plan of its kind with at least its storage: disks grow, they
 * never shrink.
 */
export function planChangeProblem(fromId: string, toId: string): string | undefined {
  const from = RESOURCE_PLANS.get(fromId);
  if (!from) return `Plan ${fromId} is the only plan of its product: there is none to change to`;
  const to = RESOURCE_PLANS.get(toId);
  const noun = PLANNED_KIND_NOUNS[from.kind];
  if (to?.kind !== from.kind) {
    const known = [...RESOURCE_PLANS.values()]
      .filter((plan) => plan.kind === from.kind)
      .map((plan) => plan.id);
    return `Unknown ${noun} plan ${toId}; one of ${known.join(', ')}`;
  }
  if (toId === fromId) return `The subscription is on plan ${toId} already`;
  if (to.storageGb < from.storageGb) {
    return `Plan ${toId} has ${to.storageGb} GB of storage and the ${noun} has ${from.storageGb} GB: storage cannot shrink, so choose a plan with at least ${from.storageGb} GB`;
  }
  return undefined;
}

/** The plans a subscription to plan `fromId` may move to, cheapest first. */
export const planChangesOf = (fromId: string): BillablePlan[] =>
  [...RESOURCE_PLANS.values()]
    .filter((plan) => planChangeProblem(fromId, plan.id) === undefined)
    .sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents);
