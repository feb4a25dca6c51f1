import type { Product } from '../accounts/permissions.ts';
import { DATABASE_CLUSTER_PLANS } from '../pricing/database-plans.ts';
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

/** Plans of one database cluster each (resourceId = the cluster's id), by id: the cluster plans. */
export const CLUSTER_PLANS: ReadonlyMap<string, BillablePlan> = new Map(
  DATABASE_CLUSTER_PLANS.map((plan) => [
    plan.id,
    {
      id: plan.id,
      name: `Database cluster: ${plan.name}`,
      monthlyPriceCents: plan.monthlyPriceCents,
      currency: 'EUR',
    },
  ]),
);

/** Every plan sold through checkout, by id. */
export const BILLABLE_PLANS: ReadonlyMap<string, BillablePlan> = new Map([
  ...PRODUCT_PLANS,
  ...CLUSTER_PLANS,
]);

/** Plan ids of the plans granting this product. */
export const plansGranting = (product: Product) =>
  [...PRODUCT_PLANS.values()].filter((plan) => plan.product === product).map((plan) => plan.id);

/** "€9.00" */
export const formatEuros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

const clusterStorageGb = (planId: string) =>
  DATABASE_CLUSTER_PLANS.find((plan) => plan.id === planId)?.storageGb;

/**
 * Why a subscription to plan `fromId` cannot move to `toId`, or undefined when it can. Only a database
 * cluster's plan changes (a product has one plan), to another cluster plan with at least its storage: a
 * cluster's disks grow, they never shrink.
 */
export function planChangeProblem(fromId: string, toId: string): string | undefined {
  const from = clusterStorageGb(fromId);
  if (from === undefined) return `Plan ${fromId} is the only plan of its product: there is none to change to`;
  const to = clusterStorageGb(toId);
  if (to === undefined) {
    const known = DATABASE_CLUSTER_PLANS.map((plan) => plan.id).join(', ');
    return `Unknown database cluster plan ${toId}; one of ${known}`;
  }
  if (toId === fromId) return `The subscription is on plan ${toId} already`;
  if (to < from) {
    return `Plan ${toId} has ${to} GB of storage and the cluster has ${from} GB: storage cannot shrink, so choose a plan with at least ${from} GB`;
  }
  return undefined;
}

/** The plans a subscription to plan `fromId` may move to, cheapest first. */
export const planChangesOf = (fromId: string): BillablePlan[] =>
  [...CLUSTER_PLANS.values()]
    .filter((plan) => planChangeProblem(fromId, plan.id) === undefined)
    .sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents);
