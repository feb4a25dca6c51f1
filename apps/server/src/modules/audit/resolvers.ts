import { notFound } from '../../errors.ts';
import type { Resolvers } from '../../generated/resolvers-types.ts';

export const auditResolvers: Resolvers = {
  Query: {
    auditLogs: (_parent, { customerId, filter }, { account, services }) => {
      // Another customer's log is indistinguishable from one that does not exist.
      if (String(account.customerId) !== String(customerId)) throw notFound('Customer');
      return services.audit.list(account.customerId, filter ?? null);
    },
  },
  AuditLog: {
    id: (entry) => String(entry.id),
    occurredAt: (entry) => entry.occurredAt.toISOString(),
    account: (entry, _args, { account, services }) =>
      entry.accountId === account.id
        ? account
        : entry.accountId
          ? services.accounts.findById(entry.accountId).then((author) => author ?? null)
          : null,
  },
};
