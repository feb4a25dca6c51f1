import type {
  Resolvers,
  SubscriptionStatus,
  SuspendedReason,
} from '../../generated/billing-resolvers-types.ts';
import { PRODUCT_PLANS } from './plans.ts';

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

export const billingResolvers: Resolvers = {
  Query: {
    customer: (_parent, _args, { account }) => account.customer,
    subscriptions: (_parent, _args, { account, services }) =>
      services.billing.subscriptionsOf(account.customerId),
    paymentMethod: async (_parent, _args, { account, services }) =>
      (await services.billing.paymentMethodOf(account.customerId)) ?? null,
    billingDetails: async (_parent, _args, { account, services }) =>
      (await services.billing.detailsOf(account.customerId)) ?? null,
  },
  BillingSubscription: {
    id: (row) => String(row.id),
    plan: (row) => {
      const plan = PRODUCT_PLANS.get(row.planId);
      return {
        id: row.planId,
        name: plan?.name ?? row.planId,
        price: plan ? { amountCents: plan.monthlyPriceCents, currency: plan.currency } : null,
      };
    },
    status: statusOf,
    resourceId: (row) => row.resourceId,
  },
  BillingCustomer: {
    id: (customer) => String(customer.id),
    suspendedReason: (customer) => customer.suspendedReason as SuspendedReason | null,
  },
};
