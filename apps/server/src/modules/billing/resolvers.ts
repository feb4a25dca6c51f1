import type {
  Resolvers,
  SubscriptionStatus,
  SuspendedReason,
} from '../../generated/billing-resolvers-types.ts';
import { BILLED_BY_USE, centsOfType, isBilledByUse } from '../metering/breakdown.ts';
import { invoicePdfPath } from './invoice-issuer.ts';
import { BILLABLE_PLANS, planChangesOf, RESOURCE_PLANS, type PlannedKind } from './plans.ts';
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

/** What unpaidResources shows of a resource with a plan of its own. */
interface PlannedRow {
  id: number;
  name: string;
  namespaceId: number;
  planId: string;
  state: string;
  unpaidSince: Date | null;
  stoppedUnpaid: boolean;
}

/** The rows still unpaid (not being deleted) as UnpaidResources of their kind. */
function unpaidOf<Row extends PlannedRow>(
  kind: PlannedKind,
  rows: Row[],
  stopsAt: (row: Row) => Date | null,
  namespaceNames: Map<number, string>,
) {
  return rows.flatMap((row) => {
    const { unpaidSince } = row;
    if (unpaidSince === null || row.state === 'deleting') return [];
    return [
      {
        id: String(row.id),
        kind,
        name: row.name,
        namespace: namespaceNames.get(row.namespaceId) ?? '',
        plan: billingPlan(row.planId),
        unpaidSince,
        stopsAt: stopsAt(row),
        stopped: row.stoppedUnpaid,
      },
    ];
  });
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
      const { databaseClusters, messageQueues } = services;
      const [clusters, queues, namespaces] = await Promise.all([
        databaseClusters.list(account),
        messageQueues.list(account),
        services.namespaces.list(account),
      ]);
      const namespaceNames = new Map(namespaces.map((namespace) => [namespace.id, namespace.name]));
      return [
        ...unpaidOf('DATABASE_CLUSTER', clusters, databaseClusters.stopsAt, namespaceNames),
        ...unpaidOf('MESSAGE_QUEUE', queues, messageQueues.stopsAt, namespaceNames),
      ].sort((a, b) => Number(a.unpaidSince) - Number(b.unpaidSince));
    },
    usage: async (_parent, period, { account, services }) => {
      // Usage is what is billed by use: resources paid by a plan of their own are the subscriptions'.
      const breakdown = await services.metering.priceBreakdown(account.customerId, period);
      const byType = BILLED_BY_USE.map((resourceType) => ({
        resourceType,
        cents: centsOfType(breakdown, resourceType),
      }));
      const forecast = await services.metering.forecastCents(account.customerId, breakdown, BILLED_BY_USE);
      return {
        startDate: breakdown.startDate,
        endDate: breakdown.endDate,
        cost: euros(byType.reduce((total, type) => total + type.cents, 0)),
        forecast: euros(forecast),
        byResourceType: byType.map(({ resourceType, cents }) => ({ resourceType, cost: euros(cents) })),
        namespaces: breakdown.namespaces.flatMap((namespace) => {
          const billed = namespace.resources.flatMap(({ resourceType, name, cents }) =>
            isBilledByUse(resourceType) ? [{ resourceType, name, cents }] : [],
          );
          if (billed.length === 0) return [];
          const cents = billed.reduce((total, resource) => total + resource.cents, 0);
          const resources = billed.map((resource) => ({ ...resource, cost: euros(resource.cents) }));
          return [{ name: namespace.name, cost: euros(cents), resources }];
        }),
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
    issuer: (_row, _args, { services }) => services.billing.issuer,
    subtotal: (row) => ({ amountCents: row.subtotalCents, currency: row.currency }),
    tax: (row) => ({ amountCents: row.taxCents, currency: row.currency }),
    taxRatePercent: (row) => (row.taxRateBasisPoints === null ? null : row.taxRateBasisPoints / 100),
    total: (row) => ({ amountCents: row.totalCents, currency: row.currency }),
    pdfPath: (row) => invoicePdfPath(row.number),
  },
  BillingSubscription: {
    id: (row) => String(row.id),
    plan: (row) => billingPlan(row.planId),
    status: statusOf,
    resourceId: (row) => row.resourceId,
    resourceName: async (row, _args, { services }) => {
      const kind = RESOURCE_PLANS.get(row.planId)?.kind;
      if (!kind) return null;
      if (row.resourceDeleted) return row.resourceName;
      return (await services.billing.resources[kind].find(row.customerId, row.resourceId))?.name ?? null;
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
