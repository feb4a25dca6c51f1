import type { Resolvers, SuspendedReason } from '../../generated/resolvers-types.ts';

export const accountResolvers: Resolvers = {
  Query: {
    account: (_parent, _args, { account }) => account,
    customer: (_parent, _args, { account }) => account.customer,
  },
  Account: {
    id: (account) => String(account.id),
    customer: (account) => account.customer,
  },
  Customer: {
    id: (customer) => String(customer.id),
    // Recurring payments run while a subscription has not ended (or a product was granted by an operator).
    recurringPayment: async (customer, _args, { account, services }) =>
      customer.id === account.customerId &&
      (account.products.length > 0 || (await services.billing.hasLiveSubscription(customer.id))),
    suspendedReason: (customer) => customer.suspendedReason as SuspendedReason | null,
  },
};
