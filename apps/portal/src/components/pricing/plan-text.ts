import { formatMonthlyPrice, type Money } from '../../lib/money.ts';

// How the portal writes a plan the platform sells for one resource (a database cluster, a message queue): its
// monthly price, its size and its replicas.

/** What the portal reads of any such plan's price. */
export interface PlanPrice {
  price: { amount?: number | null; currency?: string | null };
}

/** The plans by group, groups in the order of their first plan, plans in the platform's order. */
export function plansByGroup<TPlan extends { group: string }>(
  plans: readonly TPlan[],
): { group: string; plans: TPlan[] }[] {
  const groups = [...new Set(plans.map((plan) => plan.group))];
  return groups.map((group) => ({ group, plans: plans.filter((plan) => plan.group === group) }));
}

/** What a plan costs a month, or null when the platform lists no price for it. */
export function planMonthlyPrice(plan: PlanPrice): Money | null {
  return plan.price.amount == null
    ? null
    : { amountCents: plan.price.amount, currency: plan.price.currency ?? 'EUR' };
}

/** `€30.00 per month for Small`, or that the platform lists no price for the plan. */
export function planPriceText(plan: PlanPrice & { name: string }): string {
  const price = planMonthlyPrice(plan);
  return price ? `${formatMonthlyPrice(price)} for ${plan.name}` : `No price is listed for ${plan.name}`;
}

const formatGb = (gb: number) => `${Number(gb.toFixed(1))} GB`;

/** `2 vCPU · 4 GB memory · 50 GB storage`. */
export function planResources(plan: { cpu: number; memory: number; storage: number }): string {
  return `${plan.cpu} vCPU · ${formatGb(plan.memory)} memory · ${formatGb(plan.storage)} storage`;
}

/** `1 replica`, `3 replicas`. */
export const planReplicas = (replicas: number) => (replicas === 1 ? '1 replica' : `${replicas} replicas`);
