import type { Db } from '../db/client.ts';
import { SignInThrottled } from '../modules/accounts/throttled.ts';
import { createSignInFailureStore } from './store.ts';

// Repeated failed sign-ins are throttled per account and per address. Counts live in the database so
// several server processes (and restarts) share them.
const WINDOW_MS = 15 * 60_000;
const LIMITS = {
  account: { failures: 5, blockMs: 5 * 60_000 },
  address: { failures: 20, blockMs: 15 * 60_000 },
};

/** The throttle's count of an account's failures (a password reset clears it). */
export const accountThrottleKey = (email: string) => `account:${email.toLowerCase()}`;

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
  const store = createSignInFailureStore(db);
  return {
    /**
     * Counts an attempt for the account and the address before the password is checked, so parallel
     * attempts cannot all pass a check made before any of them failed: the fifth attempt on an account
     * blocks it, and the sixth is refused whether or not the others have finished. Throws SignInThrottled,
     * counting nothing, while the account or the address is blocked.
     */
    async begin(email: string, address: string): Promise<SignInAttempt> {
      const at = now();
      const keys = { account: accountThrottleKey(email), address: `address:${address}` };
      const ownBlocks = await db.transaction(async (tx) => {
        const failures = createSignInFailureStore(tx);
        const setHere: Partial<Record<Kind, Date>> = {};
        // Always the account row first, then the address row: one lock order, no deadlocks.
        for (const kind of ['account', 'address'] as const) {
          const counted = await failures.count(keys[kind], at, WINDOW_MS, LIMITS[kind]);
          if (!counted) {
            const blockedUntil = await failures.blockedUntil(keys[kind]);
            const remaining = (blockedUntil?.getTime() ?? at.getTime()) - at.getTime();
            // Throwing rolls back the row counted for the account.
            throw new SignInThrottled(Math.max(1, Math.ceil(remaining / 1000)));
          }
          // The row was not blocked before, so a block now is this attempt's own.
          if (counted.blockedUntil && counted.blockedUntil > at) setHere[kind] = counted.blockedUntil;
        }
        return setHere;
      });

      /** Takes this attempt off a count; a block is lifted only if this attempt set it (reached the limit). */
      const giveBack = (kind: Kind) => store.giveBack(keys[kind], ownBlocks[kind]);

      return {
        async succeeded() {
          await store.clear(keys.account);
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
