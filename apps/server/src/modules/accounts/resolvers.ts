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
    pendingEmail: (account, _args, { services }) => services.emailConfirmation.pendingEmail(account.id),
  },
  Mutation: {
    accountPasswordChange: (_parent, input, { account, services, session }) =>
      services.credentials.changePassword(account, input, session),
    accountTwoFactorDisable: (_parent, { code }, { account, services, session }) =>
      services.credentials.disableTwoFactor(account, code, session),
    accountRecoveryCodesRenew: (_parent, { code }, { account, services, session }) =>
      services.credentials.renewRecoveryCodes(account, code, session),
    accountEmailVerificationSend: (_parent, _args, { account, services }) =>
      services.credentials.sendEmailVerification(account),
    accountEmailChange: (_parent, input, { account, services, session }) =>
      services.credentials.changeEmail(account, input, session),
  },
  Customer: {
    id: (customer) => String(customer.id),
    // Recurring payments run while a subscription has not ended (or a product was granted by an operator).
    recurringPayment: async (customer, _args, { account, services }) =>
      customer.id === account.customerId &&
      (account.products.length > 0 || (await services.billing.hasLiveSubscription(customer.id))),
    suspendedReason: (customer) => customer.suspendedReason as SuspendedReason | null,
    // Deprecated in the public API: the address of the billing details, in the parts the hosted form asks;
    // null without details or for details saved before the address was asked in parts. Only ever the
    // caller's own customer (Query.customer, Account.customer): any other answers null.
    address: async (customer, _args, { account, services }) =>
      customer.id === account.customerId
        ? ((await services.billing.detailsOf(customer.id))?.addressParts ?? null)
        : null,
    // Deprecated in the public API: every customer is billed monthly, charged when an invoice is issued.
    billingPeriod: () => 1,
    termOfPayment: () => 0,
  },
};
