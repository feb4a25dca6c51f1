import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema.ts';

export type FlagRow = typeof featureFlags.$inferSelect;

/** Flag names as Unleash allows them (URL-friendly). */
export const FLAG_NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,99}$/;

export function createFlagStore(db: Db) {
  return {
    list: () => db.select().from(featureFlags).orderBy(asc(featureFlags.name)),

    async find(name: string): Promise<FlagRow | undefined> {
      const [row] = await db.select().from(featureFlags).where(eq(featureFlags.name, name));
      return row;
    },

    /** Sets the flag's state, creating it when it is new. */
    async save(name: string, values: { enabled: boolean; userIds: string[] }) {
      await db
        .insert(featureFlags)
        .values({ name, ...values })
        .onConflictDoUpdate({ target: featureFlags.name, set: { ...values, updatedAt: sql`now()` } });
    },
  };
}
