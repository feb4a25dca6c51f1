import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { accountLinks, oidcPayloads, signInFailures } from '../db/schema.ts';
import { createSessionStore } from '../modules/sessions/store.ts';

// The identity provider's tables: oidc-provider's payloads (sessions, grants, tokens), the sign-in
// failure counts of the throttle, and the single-use links it mails.

/** The grants a Session payload holds, one per client it signed in to. */
function grantsOf(session: Record<string, unknown>) {
  const authorizations = (session.authorizations ?? {}) as Record<string, { grantId?: string }>;
  return Object.values(authorizations).flatMap((each) => (each.grantId ? [each.grantId] : []));
}

/** What oidc-provider finds a payload by. */
export type PayloadKey = { id: string } | { uid: string } | { userCode: string };

export function createPayloadStore(db: Db) {
  const keyCondition = (key: PayloadKey): SQL =>
    'id' in key
      ? eq(oidcPayloads.id, key.id)
      : 'uid' in key
        ? eq(oidcPayloads.uid, key.uid)
        : eq(oidcPayloads.userCode, key.userCode);

  return {
    async upsert(model: string, id: string, payload: AdapterPayload, expiresAt: Date | null) {
      const row = {
        model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    },

    /** The model's payload of this key that has not expired, with its consumption time. */
    async find(model: string, key: PayloadKey) {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.model, model),
            keyCondition(key),
            or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
          ),
        )
        .limit(1);
      return row;
    },

    async consume(model: string, id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },

    async destroy(model: string, id: string) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    },

    /**
     * Signs the account's session of this uid out: the session, its grants and the tokens issued under
     * them. False when the account has no such session.
     */
    async removeSession(accountId: number, sessionUid: string) {
      const [session] = await db
        .delete(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.model, 'Session'),
            eq(oidcPayloads.uid, sessionUid),
            sql`${oidcPayloads.payload}->>'accountId' = ${String(accountId)}`,
          ),
        )
        .returning({ payload: oidcPayloads.payload });
      if (!session) return false;
      const grants = grantsOf(session.payload);
      if (grants.length)
        await db
          .delete(oidcPayloads)
          .where(
            or(
              and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, grants)),
              inArray(oidcPayloads.grantId, grants),
            ),
          );
      return true;
    },

    /**
     * Signs the account out: its sessions, grants and the tokens issued under them, except the session
     * `keepSessionUid` (the one asking) with its grants, when given. Answers how many sessions ended.
     */
    async removeAccount(accountId: number, keepSessionUid?: string) {
      const account = sql`${oidcPayloads.payload}->>'accountId' = ${String(accountId)}`;
      const [kept] = keepSessionUid
        ? await db
            .select({ payload: oidcPayloads.payload })
            .from(oidcPayloads)
            .where(
              and(
                eq(oidcPayloads.model, 'Session'),
                account,
                sql`${oidcPayloads.payload}->>'uid' = ${keepSessionUid}`,
              ),
            )
        : [];
      const keptGrants = kept ? grantsOf(kept.payload) : [];
      const keep = kept
        ? [
            sql`NOT (${oidcPayloads.model} = 'Session' AND ${oidcPayloads.payload}->>'uid' = ${keepSessionUid})`,
            ...(keptGrants.length
              ? [
                  sql`NOT (${oidcPayloads.model} = 'Grant' AND ${inArray(oidcPayloads.id, keptGrants)})`,
                  sql`NOT (coalesce(${oidcPayloads.grantId}, '') = ANY (${sql.param(keptGrants)}::text[]))`,
                ]
              : []),
          ]
        : [];
      const removed = await db
        .delete(oidcPayloads)
        .where(
          and(
            inArray(oidcPayloads.model, [
              'Session',
              'Grant',
              'RefreshToken',
              'AccessToken',
              'AuthorizationCode',
            ]),
            account,
            ...keep,
          ),
        )
        .returning({ model: oidcPayloads.model });
      return removed.filter((row) => row.model === 'Session').length;
    },

    /** Removes expired entries; run now and then so the table does not grow without end. */
    async purgeExpired() {
      await db.delete(oidcPayloads).where(sql`${oidcPayloads.expiresAt} < now()`);
      await createSessionStore(db).forgetEnded();
    },
  };
}

/** A throttle's limit of one kind: failures within the window that block, and for how long. */
export interface FailureLimit {
  failures: number;
  blockMs: number;
}

export function createSignInFailureStore(db: Db) {
  const { key, failures, windowStartedAt, blockedUntil } = signInFailures;
  return {
    /**
     * Counts a failure for `rowKey` at `at` in one conditional upsert (a window older than `windowMs`
     * starts again; reaching the limit blocks). A blocked row is locked but not counted: undefined then.
     * Otherwise the row's block after counting (null: none).
     */
    async count(rowKey: string, at: Date, windowMs: number, limit: FailureLimit) {
      const windowExpired = sql`${windowStartedAt} < ${new Date(at.getTime() - windowMs)}`;
      const [counted] = await db
        .insert(signInFailures)
        .values({ key: rowKey, failures: 1, windowStartedAt: at })
        .onConflictDoUpdate({
          target: key,
          set: {
            failures: sql`CASE WHEN ${windowExpired} THEN 1 ELSE ${failures} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${windowExpired} THEN ${at} ELSE ${windowStartedAt} END`,
            blockedUntil: sql`CASE WHEN NOT ${windowExpired} AND ${failures} + 1 >= ${limit.failures}
              THEN ${new Date(at.getTime() + limit.blockMs)} ELSE ${blockedUntil} END`,
          },
          setWhere: or(isNull(blockedUntil), lte(blockedUntil, at)),
        })
        .returning({ blockedUntil });
      return counted;
    },

    async blockedUntil(rowKey: string): Promise<Date | null> {
      const [row] = await db.select({ blockedUntil }).from(signInFailures).where(eq(key, rowKey));
      return row?.blockedUntil ?? null;
    },

    /** Takes one failure off the count; lifts the block only if it is `ownBlock` (set by that attempt). */
    async giveBack(rowKey: string, ownBlock: Date | undefined) {
      await db
        .update(signInFailures)
        .set({
          failures: sql`greatest(${failures} - 1, 0)`,
          ...(ownBlock && {
            blockedUntil: sql`CASE WHEN ${blockedUntil} = ${ownBlock} THEN NULL ELSE ${blockedUntil} END`,
          }),
        })
        .where(eq(key, rowKey));
    },

    async clear(rowKey: string) {
      await db.delete(signInFailures).where(eq(key, rowKey));
    },
  };
}

/** Only a hash of a link's token is kept: the database alone opens no link. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Links of the purpose that were not used and have not expired by `now`. */
const openLinks = (purpose: string, now: Date) =>
  and(eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, now));

/** The link of this token and purpose, unless it was used or expired by `now`. */
const usableLink = (token: string, purpose: string, now: Date) =>
  and(eq(accountLinks.tokenHash, hashOf(token)), openLinks(purpose, now));

const linkFields = { accountId: accountLinks.accountId, newEmail: accountLinks.newEmail };

export function createAccountLinkStore(db: Db) {
  return {
    /** A new link's token (random, 256 bits), for the mail only. */
    async issue(link: { accountId: number; purpose: string; expiresAt: Date; newEmail?: string }) {
      const token = randomBytes(32).toString('base64url');
      await db.insert(accountLinks).values({ ...link, tokenHash: hashOf(token) });
      return token;
    },

    /** How many links of the purpose the account was sent since `since`. */
    async countSince(accountId: number, purpose: string, since: Date) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(accountLinks)
        .where(
          and(
            eq(accountLinks.accountId, accountId),
            eq(accountLinks.purpose, purpose),
            gte(accountLinks.createdAt, since),
          ),
        );
      return row?.count ?? 0;
    },

    /** The newest link of the purpose the account can still use. */
    async newestUsable(accountId: number, purpose: string, now: Date) {
      const [row] = await db
        .select(linkFields)
        .from(accountLinks)
        .where(and(eq(accountLinks.accountId, accountId), openLinks(purpose, now)))
        .orderBy(desc(accountLinks.createdAt))
        .limit(1);
      return row;
    },

    /** The account (and new address) of a link that is unused and unexpired at `now`, without using it. */
    async usable(token: string, purpose: string, now: Date) {
      const [row] = await db
        .select(linkFields)
        .from(accountLinks)
        .where(usableLink(token, purpose, now));
      return row;
    },

    /**
     * Uses the link: its account (and new address), once (a second use, also a concurrent one, finds it
     * used), and every other unused link of the purpose of that account stops working with it.
     */
    async use(token: string, purpose: string, now: Date) {
      const [row] = await db
        .update(accountLinks)
        .set({ usedAt: now })
        .where(usableLink(token, purpose, now))
        .returning(linkFields);
      if (!row) return undefined;
      await db
        .update(accountLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountLinks.accountId, row.accountId),
            eq(accountLinks.purpose, purpose),
            isNull(accountLinks.usedAt),
          ),
        );
      return row;
    },
  };
}
