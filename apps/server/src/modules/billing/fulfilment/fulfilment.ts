import type { Db } from '../../../db/client.ts';
import { createAccountStore } from '../../accounts/store.ts';
import { createAuditStore } from '../../audit/store.ts';
import { paymentFailedMail, subscriptionEndingMail, suspendedUnpaidMail } from '../mails.ts';
import type { BillingNotices } from '../notices.ts';
import {
  PLANNED_KIND_NOUNS,
  PRODUCT_PLANS,
  RESOURCE_PLANS,
  planNameOf,
  plansGranting,
  type PlannedKind,
} from '../plans.ts';
import type {
  BillingChange,
  BillingEvent,
  BillingProviderName,
  SubscriptionFacts,
  SubscriptionStatus,
} from '../provider.ts';
import { createBillingStore } from '../store.ts';
import { createFulfilmentStore } from './store.ts';

/**
 * Failed payments in a row (no successful one between them) that suspend the customer with PAYMENT_ISSUES.
 * A provider retries a failed invoice (Stripe's default retries it about three times over two weeks): the
 * first failures leave access as it is, the third one suspends. A subscription the provider marks `unpaid`
 * (its retries are exhausted) suspends at once. A successful payment lifts a PAYMENT_ISSUES suspension.
 */
export const FAILED_PAYMENTS_BEFORE_SUSPENSION = 3;

export type FulfilmentResult = 'applied' | 'duplicate';

/**
 * The module of one kind of resource with a plan of its own (database clusters, message queues): where
 * checkout and plan changes find a resource, and what it is told, in the fulfilment's transaction, of its
 * plan's subscription.
 */
export interface PlannedResources {
  /** The customer's resource of this id (its name, plan, and whether it is busy), undefined for any other. */
  find(
    customerId: number,
    id: string,
  ): Promise<{ name: string; planId: string; locked: boolean; state: string } | undefined>;
  /**
   * The subscription became live or stopped being paid: the resource is marked unpaid, stopped or started.
   * A resource deleted (or being deleted) meanwhile is `gone`, with its name while its row is still there.
   */
  planPaid(tx: Db, customerId: number, resourceId: string, paid: boolean): Promise<PlanPaidOutcome>;
  /** The subscription moved to another plan: the resource is resized to it. */
  planChanged(tx: Db, customerId: number, resourceId: string, planId: string): Promise<void>;
}

export type PlanPaidOutcome = { gone: false } | { gone: true; name: string | null };

/** Each kind's module, by the kind its plans sell. */
export type PlannedResourceKinds = Record<PlannedKind, PlannedResources>;

/**
 * Applies billing events: each (provider, event id) once, its changes and the billing_events row that
 * records it in one transaction, so a redelivered or concurrently delivered event changes nothing twice.
 */
export function createFulfilment(db: Db, resources: PlannedResourceKinds, notices: BillingNotices) {
  /**
   * The external id of another subscription of the customer to the same plan for the same resource that
   * has not ended: what a newcomer would duplicate (apply() holds the customer's lock).
   */
  async function liveTwin(tx: Db, provider: BillingProviderName, facts: SubscriptionFacts) {
    const rows = await createFulfilmentStore(tx).liveSubscriptionsTo(
      facts.customerId,
      facts.planId,
      facts.resourceId,
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
    const refused = await createFulfilmentStore(tx).insertRefusedDuplicate(provider, facts, twin);
    if (refused === undefined) return;
    const plan = planNameOf(facts.planId);
    await createAuditStore(tx).insert({
      customerId: facts.customerId,
      accountId: null,
      eventType: 'delete',
      modelName: 'Subscription',
      modelId: refused,
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
  const isRefusedDuplicate = (tx: Db, provider: BillingProviderName, subscription: string | undefined) =>
    subscription === undefined ? false : createFulfilmentStore(tx).isRefusedDuplicate(provider, subscription);

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
    const changed = await createFulfilmentStore(tx).upsertSubscription(provider, facts, status);
    const kind = RESOURCE_PLANS.get(facts.planId)?.kind;
    if (!changed || !kind) return;
    const paid = status === 'active' || status === 'past_due';
    const outcome = await resources[kind].planPaid(tx, facts.customerId, facts.resourceId, paid);
    // Paid for a resource deleted while its checkout was open: it ends with its period, never renewing.
    if (paid && outcome.gone) {
      await createBillingStore(tx).endWithResource(
        facts.customerId,
        { id: facts.resourceId, name: outcome.name ?? `${PLANNED_KIND_NOUNS[kind]} ${facts.resourceId}` },
        [facts.planId],
      );
    }
  }

  /** The subscription is on the new plan (a waiting downgrade is done), and so is its resource. */
  async function changePlan(tx: Db, provider: BillingProviderName, facts: SubscriptionFacts) {
    const changed = await createFulfilmentStore(tx).setPlan(provider, facts.subscription, facts.planId);
    const kind = RESOURCE_PLANS.get(facts.planId)?.kind;
    if (changed && kind) {
      await resources[kind].planChanged(tx, facts.customerId, facts.resourceId, facts.planId);
    }
  }

  /** A product plan's entitlement follows its subscriptions: held while any of them has not ended. */
  async function syncProduct(tx: Db, customerId: number, planId: string) {
    const product = PRODUCT_PLANS.get(planId)?.product;
    if (!product) return;
    const live = await createFulfilmentStore(tx).hasLiveSubscriptionTo(customerId, plansGranting(product));
    const accounts = createAccountStore(tx);
    if (live) await accounts.grantProduct(customerId, product);
    else await accounts.revokeProduct(customerId, product);
  }

  /**
   * Suspends the customer for PAYMENT_ISSUES unless suspended already (for any reason); whether it did.
   * apply() holds the customer's row lock, so the reason read is the one the suspension replaces.
   */
  async function suspendForPayment(tx: Db, customerId: number) {
    if ((await createBillingStore(tx).suspendedReasonOf(customerId)) !== null) return false;
    await createAccountStore(tx).suspendUnlessSuspended(customerId, 'PAYMENT_ISSUES');
    return true;
  }

  /**
   * Applies the provider's update of a subscription; when it set a live one to end at its period's end (a
   * cancellation in the provider's own pages), the owner is told.
   */
  async function updateSubscription(
    tx: Db,
    provider: BillingProviderName,
    facts: SubscriptionFacts,
    status: Exclude<SubscriptionStatus, 'ended'>,
  ) {
    const billing = createBillingStore(tx);
    const before = await billing.subscriptionByExternalId(provider, facts.subscription);
    await upsertSubscription(tx, provider, facts, status);
    const after = await billing.subscriptionByExternalId(provider, facts.subscription);
    if (!after || after.status === 'ended' || !after.cancelAtPeriodEnd || before?.cancelAtPeriodEnd) return;
    await notices.tell(tx, facts.customerId, (to, billingUrl) =>
      subscriptionEndingMail(to, billingUrl, after),
    );
  }

  /** Counts a failed payment, suspends at the third in a row, and tells the owner which it was. */
  async function failPayment(tx: Db, change: Extract<BillingChange, { kind: 'payment-failed' }>) {
    const failures = await createFulfilmentStore(tx).countPaymentFailure(change.customerId);
    const reasonBefore = await createBillingStore(tx).suspendedReasonOf(change.customerId);
    const suspendedNow =
      failures >= FAILED_PAYMENTS_BEFORE_SUSPENSION && (await suspendForPayment(tx, change.customerId));
    const suspension = suspendedNow ? 'now' : reasonBefore === 'PAYMENT_ISSUES' ? 'before' : undefined;
    await notices.tell(tx, change.customerId, (to, billingUrl) =>
      paymentFailedMail(to, billingUrl, {
        amountCents: change.amountCents,
        currency: change.invoice?.currency ?? 'EUR',
        ...(change.invoice?.number ? { invoiceNumber: change.invoice.number } : {}),
        failuresLeft: Math.max(FAILED_PAYMENTS_BEFORE_SUSPENSION - failures, 0),
        ...(suspension ? { suspension } : {}),
      }),
    );
  }

  async function applyChange(tx: Db, provider: BillingProviderName, change: BillingChange) {
    const accounts = createAccountStore(tx);
    const store = createFulfilmentStore(tx);
    switch (change.kind) {
      case 'subscription-activated':
        await upsertSubscription(tx, provider, change, 'active');
        await syncProduct(tx, change.customerId, change.planId);
        return;
      case 'subscription-updated':
        await updateSubscription(tx, provider, change, change.status);
        await syncProduct(tx, change.customerId, change.planId);
        if (change.status === 'unpaid' && (await suspendForPayment(tx, change.customerId))) {
          await notices.tell(tx, change.customerId, (to, billingUrl) =>
            suspendedUnpaidMail(to, billingUrl, change.planId),
          );
        }
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
        if (change.invoice) await store.recordInvoice(provider, change.customerId, change.invoice, 'open');
        await failPayment(tx, change);
        return;
      case 'payment-succeeded':
        if (await isRefusedDuplicate(tx, provider, change.subscription)) return;
        if (change.invoice) await store.recordInvoice(provider, change.customerId, change.invoice, 'paid');
        await store.resetPaymentFailures(change.customerId);
        await accounts.liftSuspension(change.customerId, 'PAYMENT_ISSUES');
        return;
      case 'payment-method-attached':
        await store.saveCard(change.customerId, change.card);
        await accounts.setHasPaymentDetails(change.customerId);
        return;
    }
  }

  return {
    /** Applies the event unless this provider's event of this id was applied before. */
    async apply(event: BillingEvent): Promise<FulfilmentResult> {
      return db.transaction(async (tx) => {
        const store = createFulfilmentStore(tx);
        // One customer's events are applied one at a time, the customer's row locked before any other (two
        // subscriptions paid at once are decided one after the other; the rows written here reference the
        // customer, and a key-share lock taken before this one could deadlock with it).
        const customerId = event.changes[0]?.customerId;
        if (customerId !== undefined) await createBillingStore(tx).lockCustomer(customerId);
        const fresh = await store.recordEvent(event.provider, event.id, customerId ?? null, event.changes);
        if (!fresh) return 'duplicate';
        for (const change of event.changes) await applyChange(tx, event.provider, change);
        return 'applied';
      });
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
