import { eq, isNull, lte, or, sql } from 'drizzle-orm';
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

/** A password or code check the throttle let through, counted as a failure until it says otherwise. */
export interface SignInAttempt {
  /** The sign-in is complete: the account starts afresh and the address gets its attempt back. */
  succeeded(): Promise<void>;
  /**
   * The password was right but a second factor is still to come: this attempt is no failure, yet the
   * account keeps the failures counted before (wrong codes among them) until the second factor passes.
   */
  passwordAccepted(): Promise<void>;
}

type Kind = keyof typeof LIMITS;

export function createSignInThrottle(db: Db, now: () => Date = () => new Date()) {
  const { key, failures, windowStartedAt, blockedUntil } = signInFailures;

  return {
    /**
     * Counts an attempt for the account and the address before the password is checked, so parallel
     * attempts cannot all pass a check made before any of them failed: the fifth attempt on an account
     * blocks it, and the sixth is refused whether or not the others have finished. Throws SignInThrottled,
     * counting nothing, while the account or the address is blocked.
     */
    async begin(email: string, address: string): Promise<SignInAttempt> {
      const at = now();
      const windowExpired = sql`${windowStartedAt} < ${new Date(at.getTime() - WINDOW_MS)}`;
      const keys = { account: `account:${email.toLowerCase()}`, address: `address:${address}` };
      const ownBlocks = await db.transaction(async (tx) => {
        const setHere: Partial<Record<Kind, Date>> = {};
        // Always the account row first, then the address row: one lock order, no deadlocks.
        for (const kind of ['account', 'address'] as const) {
          const limit = LIMITS[kind];
          // One conditional upsert: a blocked row is locked but not counted, and no row comes back.
          const [counted] = await tx
            .insert(signInFailures)
            .values({ key: keys[kind], failures: 1, windowStartedAt: at })
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
          if (!counted) {
            const [row] = await tx.select({ blockedUntil }).from(signInFailures).where(eq(key, keys[kind]));
            const remaining = (row?.blockedUntil?.getTime() ?? at.getTime()) - at.getTime();
            // Throwing rolls back the row counted for the account.
            throw new SignInThrottled(Math.max(1, Math.ceil(remaining / 1000)));
          }
          // The row was not blocked before, so a block now is this attempt's own.
          if (counted.blockedUntil && counted.blockedUntil > at) setHere[kind] = counted.blockedUntil;
        }
        return setHere;
      });

      /** Takes this attempt off a count; a block is lifted only if this attempt set it (reached the limit). */
      async function giveBack(kind: Kind) {
        const ownBlock = ownBlocks[kind];
        await db
          .update(signInFailures)
          .set({
            failures: sql`greatest(${failures} - 1, 0)`,
            ...(ownBlock && {
              blockedUntil: sql`CASE WHEN ${blockedUntil} = ${ownBlock} THEN NULL ELSE ${blockedUntil} END`,
            }),
          })
          .where(eq(key, keys[kind]));
      }

      return {
        async succeeded() {
          await db.delete(signInFailures).where(eq(key, keys.account));
          await giveBack('address');
        },
        async passwordAccepted() {
          await giveBack('account');
          await giveBack('address');
        },
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
