import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

export interface OutgoingMail {
  /** What the mail is about (`password-reset`), for the operator and for limits per kind. */
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

export function createMailStore(db: Db) {
  return {
    async insert(mail: OutgoingMail, status: 'pending' | 'kept') {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          kind: mail.kind,
          recipient: mail.recipient,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          status,
        })
        .returning();
      if (!row) throw new Error('mail_outbox insert returned no row');
      return row;
    },

    /** The newest mail first. */
    async recent(limit: number) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
    },

    async find(id: number) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },

    /**
     * Takes up to `limit` pending mails that are due, leasing each until `leaseUntil` (another process, or
     * this one after a crash, tries it again only then), and counts the attempt.
     */
    async lease(now: Date, leaseUntil: Date, limit: number) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
          .orderBy(mailOutbox.nextAttemptAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(mailOutbox)
          .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
          .where(
            inArray(
              mailOutbox.id,
              due.map((row) => row.id),
            ),
          )
          .returning();
      });
    },

    /** Delivered: the body (and any single-use link in it) is no longer kept. */
    async markSent(id: number, at: Date) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: at, textBody: null, htmlBody: null, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    /** Not delivered this time: tried again at `retryAt`, or given up on (`failed`) when it is null. */
    async markUndelivered(id: number, error: string, retryAt: Date | null) {
      await db
        .update(mailOutbox)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt }
            : { status: 'failed', lastError: error, textBody: null, htmlBody: null },
        )
        .where(eq(mailOutbox.id, id));
    },
  };
}
