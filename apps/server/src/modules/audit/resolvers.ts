import type { Resolvers } from '../../generated/resolvers-types.ts';

export const auditResolvers: Resolvers = {
  Query: {
    auditLogs: (_parent, { customerId, filter }, { account, services }) =>
      services.audit.list(account, String(customerId), filter ?? null),
  },
  AuditLog: {
    id: (entry) => String(entry.id),
    occurredAt: (entry) => entry.occurredAt.toISOString(),
    account: (entry, _args, { account, services }) => services.audit.author(account, entry.accountId),
  },
};
