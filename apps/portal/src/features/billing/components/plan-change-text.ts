import type { SubscriptionPlanChangePreviewQuery } from '@/gql/billing/graphql.ts';
import { formatMoney, formatMonthlyPrice } from '@/lib/money.ts';
import { formatDate } from './billing-format.ts';
import type { Subscription } from './subscription-text.ts';

export type PlanChangePreview = SubscriptionPlanChangePreviewQuery['subscriptionPlanChangePreview'];

const clusterPlanPrefix = 'Database cluster: ';

/**
 * `Small`: a database cluster's plan as a sentence names it, without the `Database cluster: ` the billing
 * API's names start with (the list's heading keeps it); any other plan by its whole name.
 */
export const planLabel = ({ name }: { name: string }) =>
  name.startsWith(clusterPlanPrefix) ? name.slice(clusterPlanPrefix.length) : name;

/**
 * What confirming `preview` does, in words. An upgrade: `Upgrade now: €7.50 is charged today for the rest
 * of this period (until Feb 15, 2030); then €30.00 per month.` A downgrade: `Downgrade on Feb 15, 2030:
 * until then the cluster keeps Small; from then €15.00 per month. Nothing is charged now.`
 */
export function planChangeText(preview: PlanChangePreview, periodEnd: string | null): string {
  const then = formatMonthlyPrice(preview.nextPeriodPrice);
  if (preview.timing === 'NOW') {
    const until = periodEnd ? ` (until ${formatDate(periodEnd)})` : '';
    return `Upgrade now: ${formatMoney(preview.chargedNow)} is charged today for the rest of this period${until}; then ${then}.`;
  }
  return `Downgrade on ${formatDate(preview.effectiveAt)}: until then the cluster keeps ${planLabel(preview.from)}; from then ${then}. Nothing is charged now.`;
}

/** `Changes to Small on Feb 15, 2030`: a downgrade waiting for the period's end. */
export const pendingPlanText = (plan: { name: string }, at: string | null) =>
  `Changes to ${planLabel(plan)} ${at ? `on ${formatDate(at)}` : "at the period's end"}`;

/** The plans the subscription can move to, but the downgrade that is waiting already (it would change nothing). */
export const planChoices = ({ planChanges, pendingPlan }: Subscription) =>
  planChanges.filter((plan) => plan.id !== pendingPlan?.id);
