import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailures } from '../db/schema.ts';

// Repeated failed sign-ins are throttled per account and per address. Counts live in the database so
// several server processes (and restarts) share them.
const WINDOW_MS = 15 * 60_000;
const LIMITS = {
  account: { failures: 5, blockMs: 5 * 60_000 },
  address: { failures: 20, blockMs: 15 * 60_000 },
};

export class SignInThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

const keysFor = (email: string, address: string) => ({
  account: `account:${email.toLowerCase()}`,
  address: `address:${address}`,
});

export function createSignInThrottle(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Throws SignInThrottled while the account or the address is blocked. */
    async assertAllowed(email: string, address: string) {
      const keys = keysFor(email, address);
      const rows = await db
        .select()
        .from(signInFailures)
        .where(inArray(signInFailures.key, [keys.account, keys.address]));
      const blockedUntil = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
      const remaining = blockedUntil - now().getTime();
      if (remaining > 0) throw new SignInThrottled(Math.ceil(remaining / 1000));
    },

    async recordFailure(email: string, address: string) {
      const keys = keysFor(email, address);
      for (const [kind, key] of Object.entries(keys) as ['account' | 'address', string][]) {
        const limit = LIMITS[kind];
        const at = now();
        const windowStart = new Date(at.getTime() - WINDOW_MS);
        // One statement: reset the count when the window has passed, block once the limit is reached.
        await db.execute(sql`
          INSERT INTO sign_in_failures (key, failures, window_started_at) VALUES (${key}, 1, ${at})
          ON CONFLICT (key) DO UPDATE SET
            failures = CASE WHEN sign_in_failures.window_started_at < ${windowStart} THEN 1 ELSE sign_in_failures.failures + 1 END,
            window_started_at = CASE WHEN sign_in_failures.window_started_at < ${windowStart} THEN ${at} ELSE sign_in_failures.window_started_at END,
            blocked_until = CASE
              WHEN sign_in_failures.window_started_at >= ${windowStart} AND sign_in_failures.failures + 1 >= ${limit.failures}
              THEN ${new Date(at.getTime() + limit.blockMs)}
              ELSE sign_in_failures.blocked_until END`);
      }
    },

    async recordSuccess(email: string) {
      await db.delete(signInFailures).where(eq(signInFailures.key, keysFor(email, '').account));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
