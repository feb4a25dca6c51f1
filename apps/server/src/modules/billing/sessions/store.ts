import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingSessions } from '../../../db/schema.ts';

// The hosted pages handed out (a provider's checkout, the local provider's billing-details page): kept so an
// open checkout is handed out again, and a local page works once and until it expires.

export type BillingSession = typeof billingSessions.$inferSelect;
export type NewBillingSession = typeof billingSessions.$inferInsert;

export function createSessionStore(db: Db) {
  return {
    /** The address of the customer's open checkout (not used, not expired by `at`) of this plan and resource. */
    async openCheckoutUrl(
      customerId: number,
      planId: string,
      resourceId: string,
      at: Date,
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ url: billingSessions.url })
        .from(billingSessions)
        .where(
          and(
            eq(billingSessions.kind, 'checkout'),
            eq(billingSessions.customerId, customerId),
            eq(billingSessions.planId, planId),
            eq(billingSessions.resourceId, resourceId),
            isNull(billingSessions.usedAt),
            gt(billingSessions.expiresAt, at),
          ),
        )
        .orderBy(desc(billingSessions.expiresAt))
        .limit(1);
      return row?.url ?? undefined;
    },

    async insertSession(session: NewBillingSession) {
      await db.insert(billingSessions).values(session);
    },

    async findSession(id: string, kind: BillingSession['kind']): Promise<BillingSession | undefined> {
      const [row] = await db
        .select()
        .from(billingSessions)
        .where(and(eq(billingSessions.id, id), eq(billingSessions.kind, kind)));
      return row;
    },

    /** Forgets sessions that expired before `before` (used or not: their pages are gone either way). */
    async deleteSessionsExpiredBefore(before: Date) {
      await db.delete(billingSessions).where(lt(billingSessions.expiresAt, before));
    },

    /** Marks the session used; false when it was used (or expired) meanwhile. */
    async useSession(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(billingSessions)
        .set({ usedAt: now })
        .where(
          and(eq(billingSessions.id, id), isNull(billingSessions.usedAt), gt(billingSessions.expiresAt, now)),
        )
        .returning({ id: billingSessions.id });
      return rows.length > 0;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
