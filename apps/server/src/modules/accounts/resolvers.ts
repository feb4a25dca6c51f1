import type { Resolvers, SuspendedReason } from '../../generated/resolvers-types.ts';

export const accountResolvers: Resolvers = {
  Query: {
    account: (_parent, _args, { account }) => account,
    customer: (_parent, _args, { account }) => account.customer,
  },
  Account: {
    id: (account) => String(account.id),
    customer: (account) => account.customer,
    twoFactor: (account, _args, { services }) => services.credentials.twoFactorStatus(account),
  },
  Mutation: {
    accountPasswordChange: (_parent, input, { account, services, session }) =>
      services.credentials.changePassword(account, input, session),
    accountTwoFactorDisable: (_parent, { code }, { account, services, session }) =>
      services.credentials.disableTwoFactor(account, code, session),
    accountRecoveryCodesRenew: (_parent, { code }, { account, services, session }) =>
      services.credentials.renewRecoveryCodes(account, code, session),
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
