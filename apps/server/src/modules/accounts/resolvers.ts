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
    recurringPayment: (customer, _args, { account }) =>
      customer.id === account.customerId && account.products.length > 0,
    suspendedReason: (customer) => customer.suspendedReason as SuspendedReason | null,
  },
};
