import type { Metering } from '../../metering/service.ts';
import { centsOfType } from '../../metering/breakdown.ts';
import type { Fulfilment } from '../fulfilment/fulfilment.ts';
import { BILLABLE_PLANS } from '../plans.ts';
import type { InvoiceFacts } from '../provider.ts';
import { localPayment } from './payment.ts';
import type { BillingStore, SubscriptionRow } from '../store.ts';

// The embedded provider's billing cycle (a real provider runs its own): when a local subscription's period
// ends, the card on file is charged for the next period's base fee and for the usage of the period that
// ended, and an invoice lists both; a subscription set to end at its period's end ends instead, and one with a
// downgrade waiting moves to the new plan and pays its price. Each renewal is one billing event whose id
// names the subscription and the period, so running this twice (two servers, a retried hour) charges once.

/** The period a local subscription pays for at a time (a month of 30 days). */
export const LOCAL_PERIOD_MS = 30 * 24 * 3600_000;

/** Usage is invoiced with the plan whose product it belongs to (containers and jobs, volumes). */
const USAGE_LINES = [
  { resourceType: 'CONTAINER', description: 'Containers' },
  { resourceType: 'CONTAINER_JOB', description: 'Container job runs' },
  { resourceType: 'VOLUME', description: 'Volumes' },
  { resourceType: 'IPADDRESS', description: 'Dedicated IP addresses' },
] as const;

/** "2026-11-26" */
export const day = (date: Date) => date.toISOString().slice(0, 10);

export function createLocalRenewals(deps: {
  store: BillingStore;
  fulfilment: Fulfilment;
  metering: Metering;
  /** INVOICE_VAT_RATE in hundredths of a percent: added to every charge. */
  vatRateBasisPoints: number;
}) {
  async function renew(subscription: SubscriptionRow, periodStart: Date) {
    const planId = subscription.pendingPlanId ?? subscription.planId;
    const plan = BILLABLE_PLANS.get(planId);
    if (!plan) return;
    const facts = {
      subscription: subscription.externalId,
      customerId: subscription.customerId,
      planId,
      resourceId: subscription.resourceId,
    };
    const periodEnd = new Date(periodStart.getTime() + LOCAL_PERIOD_MS);
    const lines: InvoiceFacts['lines'] = [
      {
        description: `${plan.name}, ${day(periodStart)} to ${day(periodEnd)}`,
        amountCents: plan.monthlyPriceCents,
      },
    ];
    if (plan.product === 'serverless-container') {
      const used = await deps.metering.priceBreakdown(subscription.customerId, {
        startDate: new Date(periodStart.getTime() - LOCAL_PERIOD_MS),
        endDate: periodStart,
      });
      for (const { resourceType, description } of USAGE_LINES) {
        const cents = Math.round(centsOfType(used, resourceType));
        if (cents > 0) {
          lines.push({
            description: `${description}, usage ${day(used.startDate)} to ${day(used.endDate)}`,
            amountCents: cents,
          });
        }
      }
    }
    const reference = `${subscription.externalId}_${periodStart.getTime()}`;
    await deps.fulfilment.apply({
      provider: 'local',
      id: `evt_local_renewal_${reference}`,
      changes: [
        ...(subscription.pendingPlanId ? [{ kind: 'plan-changed' as const, ...facts }] : []),
        {
          kind: 'subscription-updated',
          status: 'active',
          ...facts,
          currentPeriodEnd: periodEnd.toISOString(),
        },
        localPayment({
          customerId: subscription.customerId,
          subscription: subscription.externalId,
          invoiceId: `in_local_renewal_${reference}`,
          currency: plan.currency,
          lines,
          periodStart,
          periodEnd,
          vatRateBasisPoints: deps.vatRateBasisPoints,
        }),
      ],
    });
  }

  /** Ends a subscription cancelled for its period's end, as a provider's deletion event would. */
  async function end(subscription: SubscriptionRow) {
    await deps.fulfilment.apply({
      provider: 'local',
      id: `evt_local_end_${subscription.externalId}`,
      changes: [
        {
          kind: 'subscription-ended',
          subscription: subscription.externalId,
          customerId: subscription.customerId,
          planId: subscription.planId,
          resourceId: subscription.resourceId,
        },
      ],
    });
  }

  return {
    /**
     * Renews (or ends, when cancelled) every local subscription whose paid period has ended by `now` (the
     * hourly clean-up calls it); returns how many were due. A period long past is renewed one period at a time.
     */
    async collectDue(now = new Date()): Promise<number> {
      const due = await deps.store.localSubscriptionsDue(now);
      for (const subscription of due) {
        if (subscription.cancelAtPeriodEnd) await end(subscription);
        else if (subscription.currentPeriodEnd) await renew(subscription, subscription.currentPeriodEnd);
      }
      return due.length;
    },
  };
}
