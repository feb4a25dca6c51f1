import { badInput, conflict, notFound } from '../../errors.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { BILLABLE_PLANS, CLUSTER_PLANS, DEFAULT_PLAN_ID, PRODUCT_PLANS } from './plans.ts';
import type { BillingCustomer, BillingProvider } from './provider.ts';
import type { BillingStore } from './store.ts';

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

/** The customer's database cluster of this id (its plan id and name), undefined for any other. */
export type ClusterLookup = (
  customerId: number,
  id: string,
) => Promise<{ name: string; planId: string } | undefined>;

/** The customer-facing billing calls: hosted pages to subscribe and to edit billing details. */
export function createBillingService(deps: {
  publicUrl: string;
  provider: BillingProvider;
  store: BillingStore;
  clusterOf: ClusterLookup;
}) {
  const { provider, store } = deps;
  const returnUrls = portalReturnUrls(deps.publicUrl);

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
      if (await store.hasLiveSubscription(account.customerId, plan.id, resourceId)) {
        throw conflict(`You already subscribe to ${plan.name}`);
      }
      return provider.createCheckout({
        customer: billingCustomer(account),
        plan,
        resourceId,
        ...returnUrls.checkout(plan.product ?? 'cloud-database'),
      });
    },

    requestDetailsPage(account: AccountWithCustomer) {
      return provider.createDetailsPage({
        customer: billingCustomer(account),
        returnUrl: returnUrls.details,
      });
    },

    /** Hosted-page sessions expired for a day are deleted (the server's hourly clean-up). */
    purgeExpiredSessions: () => store.deleteSessionsExpiredBefore(new Date(Date.now() - 24 * 3600_000)),

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
