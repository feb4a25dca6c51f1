import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createAccountStore } from '../accounts/store.ts';
import { createAuditStore } from '../audit/store.ts';
import { BILLABLE_PLANS, CLUSTER_PLANS, PRODUCT_PLANS, plansGranting } from './plans.ts';
import type {
  BillingChange,
  BillingEvent,
  BillingProviderName,
  InvoiceFacts,
  SubscriptionFacts,
  SubscriptionStatus,
} from './provider.ts';
import {
  billingCustomers,
  billingEvents,
  billingInvoices,
  billingSubscriptions,
  customers,
} from '../../db/schema.ts';

/**
 * Failed payments in a row (no successful one between them) that suspend the customer with PAYMENT_ISSUES.
 * A provider retries a failed invoice (Stripe's default retries it about three times over two weeks): the
 * first failures leave access as it is, the third one suspends. A subscription the provider marks `unpaid`
 * (its retries are exhausted) suspends at once. A successful payment lifts a PAYMENT_ISSUES suspension.
 */
export const FAILED_PAYMENTS_BEFORE_SUSPENSION = 3;

export type FulfilmentResult = 'applied' | 'duplicate';

/**
 * The module of resources with a plan of their own (database clusters), told in the fulfilment's
 * transaction what happens to the plan's subscription.
 */
export interface ResourcePlans {
  /** The subscription became live or stopped being paid: the resource is marked unpaid, stopped or started. */
  planPaid(tx: Db, customerId: number, resourceId: string, paid: boolean): Promise<void>;
  /** The subscription moved to another plan: the resource is resized to it. */
  planChanged(tx: Db, customerId: number, resourceId: string, planId: string): Promise<void>;
}

/**
 * Applies billing events: each (provider, event id) once, its changes and the billing_events row that
 * records it in one transaction, so a redelivered or concurrently delivered event changes nothing twice.
 */
export function createFulfilment(db: Db, resourcePlans: ResourcePlans) {
  /**
   * The external id of another subscription of the customer to the same plan for the same resource that
   * has not ended: what a newcomer would duplicate (apply() holds the customer's lock).
   */
  async function liveTwin(tx: Db, provider: BillingProviderName, facts: SubscriptionFacts) {
    const rows = await tx
      .select({ provider: billingSubscriptions.provider, externalId: billingSubscriptions.externalId })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.customerId, facts.customerId),
          eq(billingSubscriptions.planId, facts.planId),
          eq(billingSubscriptions.resourceId, facts.resourceId),
          ne(billingSubscriptions.status, 'ended'),
        ),
      );
    return rows.find((row) => row.provider !== provider || row.externalId !== facts.subscription)?.externalId;
  }

  /**
   * Records a second subscription to a plan for the same resource as ended at once, a duplicate of `twin`:
   * it grants nothing, and the provider is to cancel it and refund its payment (the local provider charged
   * nothing, see isRefusedDuplicate). The customer's audit log says so.
   */
  async function refuseDuplicate(
    tx: Db,
    provider: BillingProviderName,
    facts: SubscriptionFacts,
    twin: string,
  ) {
    const [refused] = await tx
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
    if (!refused) return;
    const plan = BILLABLE_PLANS.get(facts.planId)?.name ?? facts.planId;
    await createAuditStore(tx).insert({
      customerId: facts.customerId,
      accountId: null,
      eventType: 'delete',
      modelName: 'Subscription',
      modelId: refused.id,
      changeSet: [
        {
          name: 'refused',
          oldValue: null,
          newValue: `A second subscription to ${plan} for the same resource: cancelled, ${provider === 'local' ? 'nothing charged' : 'its payment refunded'}; ${twin} goes on`,
        },
      ],
      tags: [`plan:${facts.planId}`],
    });
  }

  /** Whether the provider's subscription was refused as a duplicate: its payments are refunded, not ours. */
  async function isRefusedDuplicate(tx: Db, provider: BillingProviderName, subscription: string | undefined) {
    if (subscription === undefined) return false;
    const [row] = await tx
      .select({ duplicateOf: billingSubscriptions.duplicateOf })
      .from(billingSubscriptions)
      .where(
        and(eq(billingSubscriptions.provider, provider), eq(billingSubscriptions.externalId, subscription)),
      );
    return Boolean(row?.duplicateOf);
  }

  async function upsertSubscription(
    tx: Db,
    provider: BillingProviderName,
    facts: SubscriptionFacts,
    status: SubscriptionStatus,
  ) {
    if (status !== 'ended') {
      const twin = await liveTwin(tx, provider, facts);
      if (twin) {
        await refuseDuplicate(tx, provider, facts, twin);
        return;
      }
    }

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
    const changed = await tx
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
        // An ended subscription stays ended: a late update of it (events arrive in any order) is dropped.
        setWhere: ne(billingSubscriptions.status, 'ended'),
      })
      .returning({ status: billingSubscriptions.status });
    if (changed.length > 0 && CLUSTER_PLANS.has(facts.planId)) {
      const paid = status === 'active' || status === 'past_due';
      await resourcePlans.planPaid(tx, facts.customerId, facts.resourceId, paid);
    }
  }

  /** The subscription is on the new plan (a waiting downgrade is done), and so is its resource. */
  async function changePlan(tx: Db, provider: BillingProviderName, facts: SubscriptionFacts) {
    const changed = await tx
      .update(billingSubscriptions)
      .set({ planId: facts.planId, pendingPlanId: null, pendingPlanAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(billingSubscriptions.provider, provider),
          eq(billingSubscriptions.externalId, facts.subscription),
          ne(billingSubscriptions.status, 'ended'),
        ),
      )
      .returning({ id: billingSubscriptions.id });
    if (changed.length > 0 && CLUSTER_PLANS.has(facts.planId)) {
      await resourcePlans.planChanged(tx, facts.customerId, facts.resourceId, facts.planId);
    }
  }

  /** A product plan's entitlement follows its subscriptions: held while any of them has not ended. */
  async function syncProduct(tx: Db, customerId: number, planId: string) {
    const product = PRODUCT_PLANS.get(planId)?.product;
    if (!product) return;
    const live = await tx
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.customerId, customerId),
          inArray(billingSubscriptions.planId, plansGranting(product)),
          ne(billingSubscriptions.status, 'ended'),
        ),
      )
      .limit(1);
    const accounts = createAccountStore(tx);
    if (live.length > 0) await accounts.grantProduct(customerId, product);
    else await accounts.revokeProduct(customerId, product);
  }

  /**
   * Records the invoice as paid or open. A paid invoice stays paid (a late failure event of a retried
   * invoice is dropped). The local provider's invoices are numbered by us: BERTH-000001, …
   */
  async function recordInvoice(
    tx: Db,
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
      totalCents: invoice.totalCents,
      lines: invoice.lines,
      periodStart: new Date(invoice.periodStart),
      periodEnd: new Date(invoice.periodEnd),
      hostedUrl: invoice.hostedUrl ?? null,
    };
    await tx
      .insert(billingInvoices)
      .values(values)
      .onConflictDoUpdate({
        target: [billingInvoices.provider, billingInvoices.externalId],
        set: { status, totalCents: values.totalCents, lines: values.lines, hostedUrl: values.hostedUrl },
        setWhere: ne(billingInvoices.status, 'paid'),
      });
  }

  async function countPaymentFailure(tx: Db, customerId: number): Promise<number> {
    const [row] = await tx
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
  }

  async function applyChange(tx: Db, provider: BillingProviderName, change: BillingChange) {
    const accounts = createAccountStore(tx);
    switch (change.kind) {
      case 'subscription-activated':
        await upsertSubscription(tx, provider, change, 'active');
        await syncProduct(tx, change.customerId, change.planId);
        return;
      case 'subscription-updated':
        await upsertSubscription(tx, provider, change, change.status);
        await syncProduct(tx, change.customerId, change.planId);
        if (change.status === 'unpaid')
          await accounts.suspendUnlessSuspended(change.customerId, 'PAYMENT_ISSUES');
        return;
      case 'subscription-ended':
        await upsertSubscription(tx, provider, change, 'ended');
        await syncProduct(tx, change.customerId, change.planId);
        return;
      case 'plan-changed':
        await changePlan(tx, provider, change);
        return;
      case 'payment-failed':
        if (await isRefusedDuplicate(tx, provider, change.subscription)) return;
        if (change.invoice) await recordInvoice(tx, provider, change.customerId, change.invoice, 'open');
        if ((await countPaymentFailure(tx, change.customerId)) >= FAILED_PAYMENTS_BEFORE_SUSPENSION) {
          await accounts.suspendUnlessSuspended(change.customerId, 'PAYMENT_ISSUES');
        }
        return;
      case 'payment-succeeded':
        if (await isRefusedDuplicate(tx, provider, change.subscription)) return;
        if (change.invoice) await recordInvoice(tx, provider, change.customerId, change.invoice, 'paid');
        await tx
          .insert(billingCustomers)
          .values({ customerId: change.customerId })
          .onConflictDoUpdate({
            target: billingCustomers.customerId,
            set: { consecutivePaymentFailures: 0, updatedAt: new Date() },
          });
        await accounts.liftSuspension(change.customerId, 'PAYMENT_ISSUES');
        return;
      case 'payment-method-attached': {
        const card = change.card
          ? {
              cardBrand: change.card.brand,
              cardLast4: change.card.last4,
              cardExpiry: `${String(change.card.expMonth).padStart(2, '0')}/${change.card.expYear}`,
            }
          : {};
        await tx
          .insert(billingCustomers)
          .values({ customerId: change.customerId, ...card })
          .onConflictDoUpdate({
            target: billingCustomers.customerId,
            set: { ...card, updatedAt: new Date() },
          });
        await accounts.setHasPaymentDetails(change.customerId);
        return;
      }
    }
  }

  return {
    /** Applies the event unless this provider's event of this id was applied before. */
    async apply(event: BillingEvent): Promise<FulfilmentResult> {
      return db.transaction(async (tx) => {
        // One customer's events are applied one at a time, the customer's row locked before any other (two
        // subscriptions paid at once are decided one after the other; the rows written here reference the
        // customer, and a key-share lock taken before this one could deadlock with it).
        const customerId = event.changes[0]?.customerId;
        if (customerId !== undefined) {
          await tx.execute(sql`SELECT id FROM ${customers} WHERE id = ${customerId} FOR UPDATE`);
        }
        const recorded = await tx
          .insert(billingEvents)
          .values({
            provider: event.provider,
            eventId: event.id,
            customerId: customerId ?? null,
            changes: event.changes,
          })
          .onConflictDoNothing()
          .returning({ id: billingEvents.eventId });
        if (recorded.length === 0) return 'duplicate';
        for (const change of event.changes) await applyChange(tx, event.provider, change);
        return 'applied';
      });
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
