import { formatMonthlyPrice, type Money } from '@/lib/money.ts';
import type { ClusterPlan, EngineVersion } from '../api/get-cluster-offer.ts';

// How the portal writes what the platform offers for a cluster: engines, versions and plans.

const engineNames: Readonly<Record<string, string>> = { postgresql: 'PostgreSQL', mysql: 'MySQL' };

/** `postgresql` → `PostgreSQL`; an engine the portal does not know yet keeps the platform's name. */
export const engineLabel = (type: string) => engineNames[type.toLowerCase()] ?? type;

/** `PostgreSQL 17`. */
export const engineVersionLabel = (spec: { type: string; version: string }) =>
  `${engineLabel(spec.type)} ${spec.version}`;

const newestFirst = (a: EngineVersion, b: EngineVersion) =>
  b.version.localeCompare(a.version, 'en', { numeric: true });

/** The engines on offer, in the platform's order, each with its versions newest first. */
export function enginesOf(versions: readonly EngineVersion[]): { type: string; versions: EngineVersion[] }[] {
  const types = [...new Set(versions.map((version) => version.type))];
  return types.map((type) => ({
    type,
    versions: versions.filter((version) => version.type === type).sort(newestFirst),
  }));
}

/** The plans by group, groups in the order of their first plan, plans in the platform's order. */
export function plansByGroup(plans: readonly ClusterPlan[]): { group: string; plans: ClusterPlan[] }[] {
  const groups = [...new Set(plans.map((plan) => plan.group))];
  return groups.map((group) => ({ group, plans: plans.filter((plan) => plan.group === group) }));
}

/** What a plan costs a month, or null when the platform lists no price for it. */
export function planMonthlyPrice(plan: {
  price: { amount?: number | null; currency?: string | null };
}): Money | null {
  return plan.price.amount == null
    ? null
    : { amountCents: plan.price.amount, currency: plan.price.currency ?? 'EUR' };
}

/** `€30.00 per month for Small`, or that the platform lists no price for the plan. */
export function planPriceText(plan: {
  name: string;
  price: { amount?: number | null; currency?: string | null };
}): string {
  const price = planMonthlyPrice(plan);
  return price ? `${formatMonthlyPrice(price)} for ${plan.name}` : `No price is listed for ${plan.name}`;
}

const formatGb = (gb: number) => `${Number(gb.toFixed(1))} GB`;

/** `2 vCPU · 4 GB memory · 50 GB storage`. */
export function planResources(plan: Pick<ClusterPlan, 'cpu' | 'memory' | 'storage'>): string {
  return `${plan.cpu} vCPU · ${formatGb(plan.memory)} memory · ${formatGb(plan.storage)} storage`;
}

/** `1 replica`, `3 replicas`. */
export const planReplicas = (replicas: number) => (replicas === 1 ? '1 replica' : `${replicas} replicas`);
