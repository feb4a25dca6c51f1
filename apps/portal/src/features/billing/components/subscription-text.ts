import type { BillingOverviewQuery } from '@/gql/billing/graphql.ts';
import { cloudDatabasesPlanId, serverlessContainersPlanId } from '@/lib/billing/hosted-page.ts';
import { formatDate } from './billing-format.ts';

export type Subscription = BillingOverviewQuery['subscriptions'][number];

/** `on Feb 15, 2030`: when a cancelled subscription ends. */
export const endsWhen = (periodEnd: string | null) =>
  periodEnd ? `on ${formatDate(periodEnd)}` : 'at the end of the period paid for';

/** The period in words: when it renews or ends, until when it is paid, or when it ended. */
export function periodText({ status, currentPeriodEnd, cancelAtPeriodEnd, endedAt }: Subscription): string {
  if (status === 'ENDED') return endedAt ? `Ended on ${formatDate(endedAt)}` : 'Ended';
  if (cancelAtPeriodEnd) return `Ends ${endsWhen(currentPeriodEnd)}`;
  if (!currentPeriodEnd) return 'Period not reported yet';
  return status === 'ACTIVE'
    ? `Renews on ${formatDate(currentPeriodEnd)}`
    : `Paid until ${formatDate(currentPeriodEnd)}`;
}

/** What stops once the subscription has ended, by what it pays for; null for a plan the portal does not know. */
export function whatStops({ plan, resourceName }: Subscription): string | null {
  if (resourceName) return `the plan of database cluster ${resourceName} is no longer paid for`;
  if (plan.id === serverlessContainersPlanId) {
    return 'your account goes back to the free start: nothing beyond one namespace with one container and one container job can be added; what runs keeps running';
  }
  if (plan.id === cloudDatabasesPlanId) {
    return 'no new database clusters can be created; existing clusters keep their own plans';
  }
  return null;
}
