import { notFound } from '../../errors.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { AccountService } from '../accounts/service.ts';
import { createAuditStore } from './store.ts';
import type { Db } from '../../db/client.ts';

type AuditFilter = { eventTypes: string[]; modelNames: string[] } | null;

export function createAuditService(deps: { db: Db; accounts: AccountService }) {
  const store = createAuditStore(deps.db);
  return {
    /** The customer's audit log; another customer's is indistinguishable from one that does not exist. */
    list(account: AccountWithCustomer, customerId: string, filter: AuditFilter) {
      if (String(account.customerId) !== customerId) throw notFound('Customer');
      return store.list(account.customerId, filter);
    },

    /** Who made a change: the caller, a colleague of the same customer, or nobody (the platform). */
    async author(account: AccountWithCustomer, authorId: number | null) {
      if (authorId === null) return null;
      if (authorId === account.id) return account;
      const author = await deps.accounts.findById(authorId);
      return author?.customerId === account.customerId ? author : null;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
