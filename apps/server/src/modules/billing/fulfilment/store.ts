import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  billingCustomers,
  billingEvents,
  billingInvoices,
  billingSubscriptions,
} from '../../../db/schema.ts';
import type {
  BillingChange,
  CardSummary,
  BillingProviderName,
  InvoiceFacts,
  SubscriptionFacts,
  SubscriptionStatus,
} from '../provider.ts';

// What fulfilment writes: the record of each provider event applied, subscriptions as providers report them,
// invoices, the count of failed payments and the card on file.

export function createFulfilmentStore(db: Db) {
  const ofProvider = (provider: BillingProviderName, externalId: string) =>
    and(eq(billingSubscriptions.provider, provider), eq(billingSubscriptions.externalId, externalId));

  return {
    /** Records the provider's event as applied; false when it was applied before. */
    async recordEvent(
      provider: BillingProviderName,
      eventId: string,
      customerId: number | null,
      changes: BillingChange[],
    ) {
      const recorded = await db
        .insert(billingEvents)
        .values({ provider, eventId, customerId, changes })
        .onConflictDoNothing()
        .returning({ id: billingEvents.eventId });
      return recorded.length > 0;
    },

    /** Subscriptions of the customer to this plan for this resource that have not ended. */
    async liveSubscriptionsTo(customerId: number, planId: string, resourceId: string) {
      return db
        .select({ provider: billingSubscriptions.provider, externalId: billingSubscriptions.externalId })
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.customerId, customerId),
            eq(billingSubscriptions.planId, planId),
            eq(billingSubscriptions.resourceId, resourceId),
            ne(billingSubscriptions.status, 'ended'),
          ),
        );
    },

    /** Whether a subscription of the customer to one of the plans has not ended. */
    async hasLiveSubscriptionTo(customerId: number, planIds: string[]) {
      const live = await db
        .select({ id: billingSubscriptions.id })
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.customerId, customerId),
            inArray(billingSubscriptions.planId, planIds),
            ne(billingSubscriptions.status, 'ended'),
          ),
        )
        .limit(1);
      return live.length > 0;
    },

    /** Records a refused second subscription, ended at once; its id, or undefined when it was recorded before. */
    async insertRefusedDuplicate(provider: BillingProviderName, facts: SubscriptionFacts, twin: string) {
      const [refused] = await db
        .insert(billingSubscriptions)
        .values({
          provider,
          externalId: facts.subscription,
          customerId: facts.customerId,
          planId: facts.planId,
          resourceId: facts.resourceId,
          status: 'ended',
          endedAt: new Date(),
          duplicateOf: twin,
          providerSynced: provider === 'local',
        })
        .onConflictDoNothing()
        .returning({ id: billingSubscriptions.id });
      return refused?.id;
    },

    async isRefusedDuplicate(provider: BillingProviderName, subscription: string) {
      const [row] = await db
        .select({ duplicateOf: billingSubscriptions.duplicateOf })
        .from(billingSubscriptions)
        .where(ofProvider(provider, subscription));
      return Boolean(row?.duplicateOf);
    },

    /**
     * Creates or updates the provider's subscription as reported; false when it had ended (an ended
     * subscription stays ended: a late update of it, events arriving in any order, is dropped).
     */
    async upsertSubscription(
      provider: BillingProviderName,
      facts: SubscriptionFacts,
      status: SubscriptionStatus,
    ) {
      const values = {
        provider,
        externalId: facts.subscription,
        customerId: facts.customerId,
        planId: facts.planId,
        resourceId: facts.resourceId,
        status,
        currentPeriodEnd: facts.currentPeriodEnd ? new Date(facts.currentPeriodEnd) : null,
        cancelAtPeriodEnd: facts.cancelAtPeriodEnd ?? false,
        endedAt: status === 'ended' ? new Date() : null,
      };
      const { cancelAtPeriodEnd, providerSynced, resourceDeleted } = billingSubscriptions;
      const changed = await db
        .insert(billingSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: [billingSubscriptions.provider, billingSubscriptions.externalId],
          set: {
            status,
            currentPeriodEnd: sql`coalesce(excluded.current_period_end, ${billingSubscriptions.currentPeriodEnd})`,
            // What the provider says, unless ours is newer (not told yet) or the resource is gone for good.
            cancelAtPeriodEnd:
              facts.cancelAtPeriodEnd === undefined
                ? cancelAtPeriodEnd
                : sql`CASE WHEN ${providerSynced} AND NOT ${resourceDeleted} THEN ${facts.cancelAtPeriodEnd}
                    ELSE ${cancelAtPeriodEnd} END`,
            endedAt: values.endedAt,
            updatedAt: new Date(),
          },
          setWhere: ne(billingSubscriptions.status, 'ended'),
        })
        .returning({ status: billingSubscriptions.status });
      return changed.length > 0;
    },

    /** The subscription (not ended) is on plan `planId` now, a waiting change done; false when it had ended. */
    async setPlan(provider: BillingProviderName, subscription: string, planId: string) {
      const changed = await db
        .update(billingSubscriptions)
        .set({ planId, pendingPlanId: null, pendingPlanAt: null, updatedAt: new Date() })
        .where(and(ofProvider(provider, subscription), ne(billingSubscriptions.status, 'ended')))
        .returning({ id: billingSubscriptions.id });
      return changed.length > 0;
    },

    /**
     * Records the invoice as paid or open. A paid invoice stays paid (a late failure event of a retried
     * invoice is dropped). The local provider's invoices are numbered by us: BERTH-000001, …
     */
    async recordInvoice(
      provider: BillingProviderName,
      customerId: number,
      invoice: InvoiceFacts,
      status: 'paid' | 'open',
    ) {
      const values = {
        provider,
        externalId: invoice.id,
        customerId,
        number:
          invoice.number ?? sql<string>`'BERTH-' || lpad(nextval('billing_invoice_numbers')::text, 6, '0')`,
        status,
        currency: invoice.currency.toUpperCase(),
        subtotalCents: invoice.subtotalCents,
        taxCents: invoice.taxCents,
        taxRateBasisPoints: invoice.taxRateBasisPoints,
        totalCents: invoice.totalCents,
        lines: invoice.lines,
        periodStart: new Date(invoice.periodStart),
        periodEnd: new Date(invoice.periodEnd),
        hostedUrl: invoice.hostedUrl ?? null,
      };
      await db
        .insert(billingInvoices)
        .values(values)
        .onConflictDoUpdate({
          target: [billingInvoices.provider, billingInvoices.externalId],
          set: {
            status,
            subtotalCents: values.subtotalCents,
            taxCents: values.taxCents,
            taxRateBasisPoints: values.taxRateBasisPoints,
            totalCents: values.totalCents,
            lines: values.lines,
            hostedUrl: values.hostedUrl,
          },
          setWhere: ne(billingInvoices.status, 'paid'),
        });
    },

    /** Counts a failed payment; the failures in a row now. */
    async countPaymentFailure(customerId: number): Promise<number> {
      const [row] = await db
        .insert(billingCustomers)
        .values({ customerId, consecutivePaymentFailures: 1 })
        .onConflictDoUpdate({
          target: billingCustomers.customerId,
          set: {
            consecutivePaymentFailures: sql`${billingCustomers.consecutivePaymentFailures} + 1`,
            updatedAt: new Date(),
          },
        })
        .returning({ failures: billingCustomers.consecutivePaymentFailures });
      return row?.failures ?? 1;
    },

    async resetPaymentFailures(customerId: number) {
      await db
        .insert(billingCustomers)
        .values({ customerId })
        .onConflictDoUpdate({
          target: billingCustomers.customerId,
          set: { consecutivePaymentFailures: 0, updatedAt: new Date() },
        });
    },

    /** The card on file (card_expiry as MM/YYYY), or just that one is on file when the provider says no more. */
    async saveCard(customerId: number, card: CardSummary | undefined) {
      const values = card
        ? {
            cardBrand: card.brand,
            cardLast4: card.last4,
            cardExpiry: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
          }
        : {};
      await db
        .insert(billingCustomers)
        .values({ customerId, ...values })
        .onConflictDoUpdate({
          target: billingCustomers.customerId,
          set: { ...values, updatedAt: new Date() },
        });
    },
  };
}
