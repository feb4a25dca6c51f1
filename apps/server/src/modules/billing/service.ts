import type { Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, conflict, notFound } from '../../errors.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { Fulfilment } from './fulfilment/fulfilment.ts';
import { createPlanChanges, type ClusterLookup } from './plan-change.ts';
import { BILLABLE_PLANS, CLUSTER_PLANS, DEFAULT_PLAN_ID, PRODUCT_PLANS } from './plans.ts';
import type { BillingCustomer, BillingProvider } from './provider.ts';
import { createSessionStore } from './sessions/store.ts';
import { createBillingStore, type BillingStore, type SubscriptionRow } from './store.ts';

/**
 * Where the hosted pages send the browser back to: portal addresses built from PUBLIC_URL, never taken from
 * the client (an address from the request would make the hosted pages an open redirect).
 * `checkout=success|cancelled` tells the portal how the checkout ended. The billing-details page has one way
 * back (a provider's customer portal has only a return address), so it carries no outcome.
 */
export function portalReturnUrls(publicUrl: string) {
  const productPage: Record<string, string> = {
    'serverless-container': '/compute/serverless-containers',
    'cloud-database': '/storage/databases',
  };
  return {
    checkout(product: string) {
      const page = `${publicUrl}${productPage[product] ?? '/'}`;
      return { successUrl: `${page}?checkout=success`, cancelUrl: `${page}?checkout=cancelled` };
    },
    details: `${publicUrl}/account/billing`,
  };
}

const billingCustomer = (account: AccountWithCustomer): BillingCustomer => ({
  id: account.customerId,
  name: account.customer.name,
  email: account.email,
});

/**
 * A resource with a plan of its own (a database cluster) is being deleted: its subscription ends with it, at
 * the end of the period paid for. Runs in the deleting transaction; the provider is told after it commits.
 */
export const endPlanOfResource = (tx: Db, customerId: number, resource: { id: string; name: string }) =>
  createBillingStore(tx).endWithResource(customerId, resource, [...CLUSTER_PLANS.keys()]);

/** Whether subscriptionResume may undo a cancellation: not once the resource is gone, nor once it ended. */
export const isResumable = (row: SubscriptionRow) =>
  row.status !== 'ended' && row.cancelAtPeriodEnd && !row.resourceDeleted;

/**
 * The customer-facing billing calls: hosted pages to subscribe and to edit billing details, cancelling,
 * resuming and changing the plan of subscriptions (plan-change.ts).
 */
export function createBillingService(deps: {
  db: Db;
  publicUrl: string;
  provider: BillingProvider;
  store: BillingStore;
  clusterOf: ClusterLookup;
  fulfilment: Fulfilment;
  /** Where a provider that cannot be told a change is reported (it is told again later). */
  warn: (message: string, error: unknown) => void;
}) {
  const { provider, store } = deps;
  const returnUrls = portalReturnUrls(deps.publicUrl);

  async function subscriptionOf(account: AccountWithCustomer, id: string) {
    const number = rowId(id);
    const row = number === undefined ? undefined : await store.subscriptionOf(account.customerId, number);
    if (!row) throw notFound(`Subscription ${id}`);
    return row;
  }

  /**
   * Tells the provider what it does not know yet of the row: to refund and cancel a refused duplicate, or
   * whether it ends at its period's end. A failure is reported and left for the next try.
   */
  async function tellProvider(row: SubscriptionRow) {
    try {
      if (row.duplicateOf) await provider.refundDuplicate(row.externalId);
      else await provider.setCancelAtPeriodEnd(row.externalId, row.cancelAtPeriodEnd);
      await store.markSynced(row.id, row.cancelAtPeriodEnd);
    } catch (error) {
      deps.warn(`telling ${provider.name} about subscription ${row.externalId} failed`, error);
    }
  }

  async function setCancelAtPeriodEnd(row: SubscriptionRow, cancel: boolean) {
    if (row.cancelAtPeriodEnd === cancel) return row;
    const updated = await store.setCancelAtPeriodEnd(row.id, cancel);
    if (!updated) throw conflict(`Subscription ${row.id} has ended or its resource was deleted meanwhile`);
    await tellProvider(updated);
    return updated;
  }

  function productCheckout(account: AccountWithCustomer, planId: string, resourceId: string | undefined) {
    const plan = PRODUCT_PLANS.get(planId);
    if (!plan?.product) {
      const known = [...BILLABLE_PLANS.keys()].join(', ');
      throw badInput('planId', `Unknown plan ${planId}; one of ${known}`);
    }
    const ownId = String(account.customerId);
    if (resourceId !== undefined && resourceId !== ownId) throw notFound(`Resource ${resourceId}`);
    return { plan, resourceId: ownId };
  }

  async function clusterCheckout(
    account: AccountWithCustomer,
    planId: string,
    resourceId: string | undefined,
  ) {
    if (resourceId === undefined) {
      throw badInput(
        'resourceId',
        `Plan ${planId} is a database cluster's: give the cluster's id as resourceId`,
      );
    }
    const cluster = await deps.clusterOf(account.customerId, resourceId);
    if (!cluster) throw notFound(`Resource ${resourceId}`);
    if (cluster.planId !== planId) {
      throw badInput('planId', `Database cluster ${cluster.name} has plan ${cluster.planId}, not ${planId}`);
    }
    const plan = CLUSTER_PLANS.get(planId);
    if (!plan) throw new Error(`database cluster ${cluster.name} has an unknown plan ${planId}`);
    return { plan, resourceId };
  }

  return {
    ...createPlanChanges({
      provider,
      store,
      clusterOf: deps.clusterOf,
      fulfilment: deps.fulfilment,
      subscriptionOf,
    }),

    /**
     * A checkout for a plan. A product plan is subscribed to for the customer as a whole: its resource is
     * the customer's own id (Account.customer.id), given or not; any other resource is not found. A database
     * cluster's plan is subscribed to for that cluster: resourceId is the cluster's id, and the plan must be
     * the cluster's. What the customer subscribes to already (a subscription that has not ended) is not sold
     * twice.
     */
    async requestCheckout(account: AccountWithCustomer, input: { planId?: string; resourceId?: string }) {
      const planId = input.planId ?? DEFAULT_PLAN_ID;
      const { plan, resourceId } = CLUSTER_PLANS.has(planId)
        ? await clusterCheckout(account, planId, input.resourceId)
        : productCheckout(account, planId, input.resourceId);
      // One open checkout per customer, plan and resource: decided under the customer's lock, so two requests
      // at once get the same page.
      return deps.db.transaction(async (tx) => {
        const txStore = createBillingStore(tx);
        await txStore.lockCustomer(account.customerId);
        if (await txStore.hasLiveSubscription(account.customerId, plan.id, resourceId)) {
          throw conflict(`You already subscribe to ${plan.name}`);
        }
        // A page that stays open for at least a few minutes more: the customer still has to fill it in.
        const openUntil = new Date(Date.now() + 5 * 60_000);
        const sessions = createSessionStore(tx);
        const open = await sessions.openCheckoutUrl(account.customerId, plan.id, resourceId, openUntil);
        if (open) return { url: open };
        const request = {
          customer: billingCustomer(account),
          plan,
          resourceId,
          ...returnUrls.checkout(plan.product ?? 'cloud-database'),
        };
        const page = await provider.createCheckout(request, tx);
        await sessions.insertSession({
          id: page.id,
          kind: 'checkout',
          customerId: account.customerId,
          email: account.email,
          planId: plan.id,
          resourceId,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: page.expiresAt,
          url: page.url,
        });
        return { url: page.url };
      });
    },

    requestDetailsPage(account: AccountWithCustomer) {
      return provider.createDetailsPage({
        customer: billingCustomer(account),
        returnUrl: returnUrls.details,
      });
    },

    /**
     * Ends the subscription when its paid period does instead of renewing; nothing is refunded. Cancelling a
     * cancelled one changes nothing. CONFLICT once it has ended.
     */
    async cancel(account: AccountWithCustomer, id: string) {
      const row = await subscriptionOf(account, id);
      if (row.status === 'ended') throw conflict(`Subscription ${id} has ended already`);
      return setCancelAtPeriodEnd(row, true);
    },

    /** Undoes a cancellation before the period ends. CONFLICT once it ended or its resource was deleted. */
    async resume(account: AccountWithCustomer, id: string) {
      const row = await subscriptionOf(account, id);
      if (row.status === 'ended') throw conflict(`Subscription ${id} has ended: subscribe again instead`);
      if (row.resourceDeleted) {
        throw conflict(`Subscription ${id} ends with the resource it paid for, which was deleted`);
      }
      return setCancelAtPeriodEnd(row, false);
    },

    /**
     * Tells the provider every cancellation, resumption and refused duplicate it has not been told yet
     * (each minute, and after each provider event).
     */
    async tellProviderPending() {
      for (const row of await store.unsyncedSubscriptions(provider.name)) await tellProvider(row);
    },

    /** Hosted-page sessions expired for a day are deleted (the server's hourly clean-up). */
    purgeExpiredSessions: () =>
      createSessionStore(deps.db).deleteSessionsExpiredBefore(new Date(Date.now() - 24 * 3600_000)),

    subscriptionsOf: store.subscriptionsOf,
    invoicesOf: store.invoicesOf,
    async invoiceOf(customerId: number, number: string) {
      const invoice = await store.invoiceOf(customerId, number);
      if (!invoice) throw notFound(`Invoice ${number}`);
      return invoice;
    },
    hasLiveSubscription: (customerId: number) => store.hasLiveSubscription(customerId),
    detailsOf: store.detailsOf,
    paymentMethodOf: store.paymentMethodOf,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
