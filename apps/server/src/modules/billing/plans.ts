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
