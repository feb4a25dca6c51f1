import type { Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, conflict, notFound } from '../../errors.ts';
import type { Product } from '../accounts/permissions.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { Fulfilment, PlannedResourceKinds } from './fulfilment/fulfilment.ts';
import { subscriptionEndingMail } from './mails.ts';
import type { BillingNotices } from './notices.ts';
import { createPlanChanges } from './plan-change.ts';
import {
  BILLABLE_PLANS,
  DEFAULT_PLAN_ID,
  PLANNED_KIND_NOUNS,
  PRODUCT_PLANS,
  RESOURCE_PLANS,
  type BillablePlan,
  type PlannedKind,
  type ResourcePlan,
} from './plans.ts';
import type { BillingCustomer, BillingProvider } from './provider.ts';
import { createSessionStore } from './sessions/store.ts';
import { createBillingStore, type BillingStore, type SubscriptionRow } from './store.ts';

/** The portal pages a checkout may be started on with a way back of their own (POST /billing/subscriptions' `startedOn`). */
export const CHECKOUT_STARTS = ['billing'] as const;
export type CheckoutStart = (typeof CHECKOUT_STARTS)[number];

/**
 * Where the hosted pages send the browser back to: portal addresses built from PUBLIC_URL, never taken from
 * the client (an address from the request would make the hosted pages an open redirect).
 * `checkout=success|cancelled` tells the portal how the checkout ended. A checkout started on the Billing page
 * (`startedOn: 'billing'`) is cancelled back to it; paid, it goes on to what was bought, where its activation
 * shows. The billing-details page has one way back (a provider's customer portal has only a return address),
 * so it carries no outcome.
 */
export function portalReturnUrls(publicUrl: string) {
  const billingPage = '/account/billing';
  const productPage: Record<Product, string> = {
    'serverless-container': '/compute/serverless-containers',
    'cloud-database': '/storage/databases',
  };
  const resourcePage: Record<PlannedKind, string> = {
    DATABASE_CLUSTER: '/storage/databases',
    MESSAGE_QUEUE: '/storage/message-queues',
  };
  return {
    /** Back to the product's page, or to the page of the resource's kind; cancelled, to where it started. */
    checkout(plan: BillablePlan | ResourcePlan, startedOn?: CheckoutStart) {
      const path = 'kind' in plan ? resourcePage[plan.kind] : plan.product ? productPage[plan.product] : '/';
      const page = `${publicUrl}${path}`;
      const cancelPage = startedOn === 'billing' ? `${publicUrl}${billingPage}` : page;
      return { successUrl: `${page}?checkout=success`, cancelUrl: `${cancelPage}?checkout=cancelled` };
    },
    details: `${publicUrl}${billingPage}`,
  };
}

const billingCustomer = (account: AccountWithCustomer): BillingCustomer => ({
  id: account.customerId,
  name: account.customer.name,
  email: account.email,
});

/**
 * A resource with a plan of its own (a database cluster, a message queue) is being deleted: its subscription
 * ends with it, at the end of the period paid for. Runs in the deleting transaction; the provider is told
 * after it commits.
 */
export const endPlanOfResource = (
  tx: Db,
  customerId: number,
  kind: PlannedKind,
  resource: { id: string; name: string },
) =>
  createBillingStore(tx).endWithResource(
    customerId,
    resource,
    [...RESOURCE_PLANS.values()].filter((plan) => plan.kind === kind).map((plan) => plan.id),
  );

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
  resources: PlannedResourceKinds;
  fulfilment: Fulfilment;
  notices: BillingNotices;
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

  /**
   * Sets whether the subscription ends at its period's end; a cancellation is mailed to the owner. Decided
   * under the customer's lock, so two cancellations at once change it (and mail) once.
   */
  async function setCancelAtPeriodEnd(row: SubscriptionRow, cancel: boolean) {
    if (row.cancelAtPeriodEnd === cancel) return row;
    const updated = await deps.db.transaction(async (tx) => {
      const txStore = createBillingStore(tx);
      await txStore.lockCustomer(row.customerId);
      const current = await txStore.subscriptionOf(row.customerId, row.id);
      // Done meanwhile by a request that raced this one: that one mailed.
      if (current && current.status !== 'ended' && current.cancelAtPeriodEnd === cancel) return current;
      const changed = await txStore.setCancelAtPeriodEnd(row.id, cancel);
      if (changed && cancel) {
        await deps.notices.tell(tx, row.customerId, (to, billingUrl) =>
          subscriptionEndingMail(to, billingUrl, changed),
        );
      }
      return changed;
    });
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

  async function resourceCheckout(
    account: AccountWithCustomer,
    plan: ResourcePlan,
    resourceId: string | undefined,
  ) {
    const noun = PLANNED_KIND_NOUNS[plan.kind];
    if (resourceId === undefined) {
      throw badInput('resourceId', `Plan ${plan.id} is a ${noun}'s: give the ${noun}'s id as resourceId`);
    }
    const resource = await deps.resources[plan.kind].find(account.customerId, resourceId);
    if (!resource) throw notFound(`Resource ${resourceId}`);
    if (resource.state === 'deleting') throw conflict(`The ${noun} ${resource.name} is being deleted`);
    if (resource.planId !== plan.id) {
      throw badInput('planId', `The ${noun} ${resource.name} has plan ${resource.planId}, not ${plan.id}`);
    }
    return { plan, resourceId };
  }

  return {
    ...createPlanChanges({
      provider,
      store,
      resources: deps.resources,
      fulfilment: deps.fulfilment,
      subscriptionOf,
    }),

    /**
     * A checkout for a plan. A product plan is subscribed to for the customer as a whole: its resource is
     * the customer's own id (Account.customer.id), given or not; any other resource is not found. A resource's
     * plan (a database cluster's, a message queue's) is subscribed to for that resource: resourceId is its id,
     * and the plan must be its own. What the customer subscribes to already (a subscription that has not ended) is not sold
     * twice.
     */
    async requestCheckout(
      account: AccountWithCustomer,
      input: { planId?: string; resourceId?: string; startedOn?: CheckoutStart },
    ) {
      const planId = input.planId ?? DEFAULT_PLAN_ID;
      const resourcePlan = RESOURCE_PLANS.get(planId);
      const { plan, resourceId } = resourcePlan
        ? await resourceCheckout(account, resourcePlan, input.resourceId)
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
          ...returnUrls.checkout(plan, input.startedOn),
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
