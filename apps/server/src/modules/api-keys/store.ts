import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, apiKeys } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = Pick<
  ApiKeyRow,
  'accountId' | 'name' | 'clientId' | 'secretHash' | 'scope' | 'expiresAt'
>;

/** How long a revoked key stays in its account's list, to show what happened to it. */
const REVOKED_LISTED_MS = 30 * 24 * 3600_000;
/** Last use is written at most this often per key: a busy script does not write on every request. */
export const LAST_USED_PRECISION_MS = 60_000;

const live = (now: Date) => and(isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now));

export function createApiKeyStore(db: Db) {
  return {
    /** The account's keys, newest first; revoked ones for 30 days after. */
    list(accountId: number, now: Date) {
      return db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.accountId, accountId),
            or(isNull(apiKeys.revokedAt), gt(apiKeys.revokedAt, new Date(now.getTime() - REVOKED_LISTED_MS))),
          ),
        )
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    /** Holds the account's row until the transaction ends, so two creations take turns (limit, names). */
    async lockAccount(accountId: number) {
      await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    },

    async countLive(accountId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), live(now)));
      return row?.count ?? 0;
    },

    /** Whether a key not revoked has this name (in any case). */
    async nameTaken(accountId: number, name: string): Promise<boolean> {
      const rows = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.accountId, accountId),
            isNull(apiKeys.revokedAt),
            eq(sql`lower(${apiKeys.name})`, name.toLowerCase()),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insert(key: NewApiKey): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(key).returning();
      if (!row) throw new Error('api key insert returned nothing');
      return row;
    },

    async findByClientId(clientId: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.clientId, clientId));
      return row;
    },

    async findById(id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
      return row;
    },

    /** Revokes the account's key unless it already is; the row as revoked, or undefined. */
    async revoke(accountId: number, id: number, now: Date): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
        .returning();
      return row;
    },

    /** Records a use, unless one was recorded less than a minute ago (by this or another process). */
    async touch(id: number, now: Date) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiKeys.id, id),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
            ),
          ),
        );
    },
  };
}
