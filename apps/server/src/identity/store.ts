import { and, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { accountLinks, oidcPayloads, signInFailures } from '../db/schema.ts';

// The identity provider's tables: oidc-provider's payloads (sessions, grants, tokens), the sign-in
// failure counts of the throttle, and the single-use links it mails.

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
     * Signs the account out: its sessions, grants and the tokens issued under them, except the session
     * `keepSessionUid` (the one asking) with its grants, when given.
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
      const authorizations = (kept?.payload.authorizations ?? {}) as Record<string, { grantId?: string }>;
      const keptGrants = Object.values(authorizations).flatMap((each) =>
        each.grantId ? [each.grantId] : [],
      );
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
      await db
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
        );
    },

    /** Removes expired entries; run now and then so the table does not grow without end. */
    async purgeExpired() {
      await db.delete(oidcPayloads).where(sql`${oidcPayloads.expiresAt} < now()`);
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

/** The link of this token and purpose, unless it was used or expired by `now`. */
const usableLink = (tokenHash: string, purpose: string, now: Date) =>
  and(
    eq(accountLinks.tokenHash, tokenHash),
    eq(accountLinks.purpose, purpose),
    isNull(accountLinks.usedAt),
    gt(accountLinks.expiresAt, now),
  );

export function createAccountLinkStore(db: Db) {
  return {
    async insert(link: { accountId: number; purpose: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(accountLinks).values(link);
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

    /** The account of a link that is unused and unexpired at `now`, without using it. */
    async usable(tokenHash: string, purpose: string, now: Date) {
      const [row] = await db
        .select({ accountId: accountLinks.accountId })
        .from(accountLinks)
        .where(usableLink(tokenHash, purpose, now));
      return row?.accountId;
    },

    /**
     * Uses the link: its account, once (a second use, also a concurrent one, finds it used), and every other
     * unused link of the purpose of that account stops working with it.
     */
    async use(tokenHash: string, purpose: string, now: Date) {
      const [row] = await db
        .update(accountLinks)
        .set({ usedAt: now })
        .where(usableLink(tokenHash, purpose, now))
        .returning({ accountId: accountLinks.accountId });
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
      return row.accountId;
    },
  };
}
