import type {
  Resolvers,
  SubscriptionStatus,
  SuspendedReason,
} from '../../generated/billing-resolvers-types.ts';
import { centsOfType, METERED_TYPES } from '../metering/breakdown.ts';
import { BILLABLE_PLANS, CLUSTER_PLANS, planChangesOf } from './plans.ts';
import { planChangeBlocker } from './plan-change.ts';
import { isResumable } from './service.ts';

// The billing API (packages/schema/billing.graphql): everything is the signed-in customer's own, read by
// the account's customer id, so another customer's billing cannot be named, let alone read.

const STATUSES: Record<string, SubscriptionStatus> = {
  active: 'ACTIVE',
  past_due: 'PAST_DUE',
  unpaid: 'UNPAID',
  ended: 'ENDED',
};

function statusOf(row: { id: number; status: string }): SubscriptionStatus {
  const status = STATUSES[row.status];
  if (!status) throw new Error(`billing subscription ${row.id} has an unknown status ${row.status}`);
  return status;
}

/** A plan as the billing API shows it; one this version does not sell keeps its id as name and no price. */
function billingPlan(planId: string) {
  const plan = BILLABLE_PLANS.get(planId);
  return {
    id: planId,
    name: plan?.name ?? planId,
    price: plan ? { amountCents: plan.monthlyPriceCents, currency: plan.currency } : null,
  };
}

/** Usage is priced in EUR (the price list's currency); cents are rounded where shown. */
const euros = (cents: number) => ({ amountCents: Math.round(cents), currency: 'EUR' });

export const billingResolvers: Resolvers = {
  Mutation: {
    subscriptionCancel: (_parent, { id }, { account, services }) => services.billing.cancel(account, id),
    subscriptionResume: (_parent, { id }, { account, services }) => services.billing.resume(account, id),
    subscriptionChangePlan: (_parent, { id, planId, prorationDate }, { account, services }) =>
      services.billing.changePlan(account, id, planId, prorationDate),
  },
  Query: {
    customer: (_parent, _args, { account }) => account.customer,
    subscriptions: (_parent, _args, { account, services }) =>
      services.billing.subscriptionsOf(account.customerId),
    paymentMethod: async (_parent, _args, { account, services }) =>
      (await services.billing.paymentMethodOf(account.customerId)) ?? null,
    billingDetails: async (_parent, _args, { account, services }) =>
      (await services.billing.detailsOf(account.customerId)) ?? null,
    invoices: (_parent, _args, { account, services }) => services.billing.invoicesOf(account.customerId),
    subscriptionPlanChangePreview: async (_parent, { id, planId }, { account, services }) => {
      const preview = await services.billing.previewPlanChange(account, id, planId);
      return {
        ...preview,
        from: billingPlan(preview.from.id),
        to: billingPlan(preview.to.id),
        chargedNow: { amountCents: preview.chargedNow, currency: preview.to.currency },
        nextPeriodPrice: { amountCents: preview.to.monthlyPriceCents, currency: preview.to.currency },
      };
    },
    invoice: (_parent, { number }, { account, services }) =>
      services.billing.invoiceOf(account.customerId, number),
    unpaidResources: async (_parent, _args, { account, services }) => {
      const [clusters, namespaces] = await Promise.all([
        services.databaseClusters.list(account),
        services.namespaces.list(account),
      ]);
      const namespaceNames = new Map(namespaces.map((namespace) => [namespace.id, namespace.name]));
      return clusters
        .filter(
          (cluster): cluster is typeof cluster & { unpaidSince: Date } =>
            cluster.unpaidSince !== null && cluster.state !== 'deleting',
        )
        .sort((a, b) => Number(a.unpaidSince) - Number(b.unpaidSince))
        .map((cluster) => ({
          id: String(cluster.id),
          kind: 'DATABASE_CLUSTER',
          name: cluster.name,
          namespace: namespaceNames.get(cluster.namespaceId) ?? '',
          plan: billingPlan(cluster.planId),
          unpaidSince: cluster.unpaidSince,
          stopsAt: services.databaseClusters.stopsAt(cluster),
          stopped: cluster.stoppedUnpaid,
        }));
    },
    usage: async (_parent, period, { account, services }) => {
      const breakdown = await services.metering.priceBreakdown(account.customerId, period);
      const { namespaces } = breakdown;
      return {
        startDate: breakdown.startDate,
        endDate: breakdown.endDate,
        cost: euros(centsOfType(namespaces, 'ALL')),
        forecast: euros(await services.metering.forecastCents(account.customerId, breakdown)),
        byResourceType: METERED_TYPES.map((resourceType) => ({
          resourceType,
          cost: euros(centsOfType(namespaces, resourceType)),
        })),
        namespaces: namespaces.map((namespace) => ({
          name: namespace.name,
          cost: euros(namespace.cents),
          resources: namespace.resources.map((resource) => ({
            resourceType: resource.resourceType,
            name: resource.name,
            cost: euros(resource.cents),
          })),
        })),
      };
    },
  },
  Invoice: {
    id: (row) => String(row.id),
    status: (row) => (row.status === 'paid' ? 'PAID' : 'OPEN'),
    lines: (row) =>
      row.lines.map((line) => ({
        description: line.description,
        amount: { amountCents: line.amountCents, currency: row.currency },
      })),
    total: (row) => ({ amountCents: row.totalCents, currency: row.currency }),
  },
  BillingSubscription: {
    id: (row) => String(row.id),
    plan: (row) => billingPlan(row.planId),
    status: statusOf,
    resourceId: (row) => row.resourceId,
    resourceName: async (row, _args, { services }) => {
      if (!CLUSTER_PLANS.has(row.planId)) return null;
      if (row.resourceDeleted) return row.resourceName;
      return (await services.databaseClusters.findById(row.customerId, row.resourceId))?.name ?? null;
    },
    resumable: isResumable,
    pendingPlan: (row) => (row.pendingPlanId ? billingPlan(row.pendingPlanId) : null),
    planChanges: (row) =>
      planChangeBlocker(row) === undefined
        ? planChangesOf(row.planId).map((plan) => billingPlan(plan.id))
        : [],
  },
  BillingCustomer: {
    id: (customer) => String(customer.id),
    suspendedReason: (customer) => customer.suspendedReason as SuspendedReason | null,
  },
};
