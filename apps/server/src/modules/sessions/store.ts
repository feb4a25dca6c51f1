import { and, desc, eq, exists, gt, isNull, lt, not, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountSessions, oidcPayloads } from '../../db/schema.ts';

// The account page's view of the identity provider's sessions: what each was signed in from and when it
// was last used, kept beside oidc-provider's Session payload of the same uid. A row counts only while that
// payload lives (signed out, expired or signed out by a password change: the row is ignored, then purged).

export type AccountSessionRow = typeof accountSessions.$inferSelect;

/** Where a session was used from. */
export interface SessionSighting {
  sessionUid: string;
  accountId: number;
  device: string;
  address: string;
}

/** oidc-provider's unexpired Session payload of this uid (and account, when given): it is signed in. */
const liveSession = (uid: AnyColumn | string, accountId?: number) =>
  and(
    eq(oidcPayloads.model, 'Session'),
    eq(oidcPayloads.uid, uid),
    accountId === undefined ? undefined : sql`${oidcPayloads.payload}->>'accountId' = ${String(accountId)}`,
    or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
  );

export function createSessionStore(db: Db) {
  /** The row's session is signed in (for this account, when given). */
  const signedIn = (accountId?: number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(oidcPayloads)
        .where(liveSession(accountSessions.sessionUid, accountId)),
    );

  return {
    /**
     * Records a sighting of the session: a new one is inserted as signed in now; a known one is seen now,
     * from this address, unless it was seen less than `throttleMs` ago (then nothing is written).
     */
    async sighted(sighting: SessionSighting, now: Date, throttleMs: number) {
      await db
        .insert(accountSessions)
        .values({ ...sighting, createdAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: accountSessions.sessionUid,
          set: { lastSeenAt: now, address: sighting.address },
          setWhere: and(
            eq(accountSessions.accountId, sighting.accountId),
            lt(accountSessions.lastSeenAt, new Date(now.getTime() - throttleMs)),
          ),
        });
    },

    /** The account's signed-in sessions, the most recently used first. */
    list(accountId: number) {
      return db
        .select()
        .from(accountSessions)
        .where(and(eq(accountSessions.accountId, accountId), signedIn(accountId)))
        .orderBy(desc(accountSessions.lastSeenAt), desc(accountSessions.id));
    },

    /** The account's signed-in session of this id; undefined for another account's or an ended one. */
    async find(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(accountSessions)
        .where(
          and(eq(accountSessions.id, id), eq(accountSessions.accountId, accountId), signedIn(accountId)),
        );
      return row;
    },

    /** Whether the account's session of this uid is signed in (the uid a token names as its `sid`). */
    async isSignedIn(accountId: number, sessionUid: string) {
      const [row] = await db
        .select({ uid: oidcPayloads.uid })
        .from(oidcPayloads)
        .where(liveSession(sessionUid, accountId))
        .limit(1);
      return row !== undefined;
    },

    /** Forgets the row of a session that was signed out. */
    async forget(id: number) {
      await db.delete(accountSessions).where(eq(accountSessions.id, id));
    },

    /** Forgets the rows whose session ended (of one account, or of all). */
    async forgetEnded(accountId?: number) {
      const ended = not(signedIn());
      await db
        .delete(accountSessions)
        .where(accountId === undefined ? ended : and(eq(accountSessions.accountId, accountId), ended));
    },
  };
}
