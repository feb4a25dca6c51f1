import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client.ts';
import type { SignInThrottle } from '../../identity/throttle.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { createTwoFactorStore, type AccountRow } from './store.ts';

// Two-factor sign-in with an authenticator app (TOTP: RFC 6238, SHA-1, 6 digits, 30 s, as every app reads
// from a QR code). A set-up makes a pending secret; the first right code from it turns two-factor on and
// gives ten recovery codes, shown once. Codes are checked within one step either side (clock drift), never
// the same step twice, and count against the sign-in throttle like passwords.

const PERIOD_SECONDS = 30;
const RECOVERY_CODES = 10;
/** Recovery codes: 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const hash = (code: string) => createHash('sha256').update(code).digest('hex');
const normalizedRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** A second factor's check: right, a code of a step already used, or wrong. */
export type CodeCheck = 'accepted' | 'already-used' | 'wrong';

export function createTwoFactor(deps: {
  db: Db;
  secretBox: SecretBox;
  throttle: SignInThrottle;
  issuer: string;
}) {
  const { secretBox } = deps;
  const store = createTwoFactorStore(deps.db);

  const totpOf = (account: Pick<AccountRow, 'email'>, secret: string) =>
    new TOTP({
      issuer: deps.issuer,
      label: account.email,
      secret: Secret.fromBase32(secret),
      period: PERIOD_SECONDS,
    });

  /** The time step a code is right for (within one step of now), or null. */
  function stepOf(totp: TOTP, code: string, now: number): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const delta = totp.validate({ token, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  }

  return {
    async isEnabled(accountId: number): Promise<boolean> {
      return Boolean((await store.find(accountId))?.secret);
    },

    /** The secret being set up (made on first call, the same until confirmed) and its otpauth:// address. */
    async pendingSetup(account: Pick<AccountRow, 'id' | 'email'>): Promise<{ secret: string; uri: string }> {
      const stored = (await store.find(account.id))?.pendingSecret;
      const secret = stored ? secretBox.decryptSecret(stored) : new Secret({ size: 20 }).base32;
      if (!stored) await store.setPendingSecret(account.id, secretBox.encryptSecret(secret));
      return { secret, uri: totpOf(account, secret).toString() };
    },

    /**
     * Turns two-factor on (or moves it to a new app) when the code is right for the pending secret; returns
     * the new recovery codes, or null for a wrong code (nothing changes).
     */
    async confirmSetup(account: Pick<AccountRow, 'id' | 'email'>, code: string, now = Date.now()) {
      const pending = (await store.find(account.id))?.pendingSecret;
      if (!pending) return null;
      const step = stepOf(totpOf(account, secretBox.decryptSecret(pending)), code, now);
      if (step === null) return null;
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await store.enable(account.id, {
        secret: pending,
        lastStep: step,
        recoveryCodeHashes: codes.map((recovery) => hash(normalizedRecoveryCode(recovery))),
        enabledAt: new Date(now),
      });
      return codes;
    },

    /**
     * Checks a second factor: a code from the app (each step once) or an unused recovery code (then spent).
     * `already-used`: the app's code of a step that was already used (wait for the next one). Counts
     * against the sign-in throttle; throws SignInThrottled while the account or address is blocked.
     */
    async verify(
      account: Pick<AccountRow, 'id' | 'email'>,
      code: string,
      address: string,
      now = Date.now(),
    ): Promise<CodeCheck> {
      const attempt = await deps.throttle.begin(account.email, address);
      const row = await store.find(account.id);
      if (!row?.secret) return 'wrong';
      const step = stepOf(totpOf(account, secretBox.decryptSecret(row.secret)), code, now);
      let outcome: CodeCheck = step !== null && step <= row.lastStep ? 'already-used' : 'wrong';
      if (step !== null && step > row.lastStep) {
        outcome = 'accepted';
        await store.update(account.id, { lastStep: step });
      } else {
        const spent = hash(normalizedRecoveryCode(code));
        if (row.recoveryCodeHashes.includes(spent)) {
          outcome = 'accepted';
          const recoveryCodeHashes = row.recoveryCodeHashes.filter((candidate) => candidate !== spent);
          await store.update(account.id, { recoveryCodeHashes });
        }
      }
      if (outcome === 'accepted') await attempt.succeeded();
      return outcome;
    },

    /** Whether two-factor is on, since when, and how many recovery codes are left. */
    async status(accountId: number) {
      const row = await store.find(accountId);
      return {
        enabled: Boolean(row?.secret),
        enabledAt: row?.secret ? row.enabledAt : null,
        recoveryCodesLeft: row?.secret ? row.recoveryCodeHashes.length : 0,
      };
    },

    /** New recovery codes, shown once; the old ones stop working. */
    async renewRecoveryCodes(accountId: number) {
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await store.update(accountId, {
        recoveryCodeHashes: codes.map((recovery) => hash(normalizedRecoveryCode(recovery))),
      });
      return codes;
    },

    /** Turns two-factor off (the customer, with a code; or an operator, when app and codes are lost). */
    async reset(accountId: number, tx: Db = deps.db) {
      await createTwoFactorStore(tx).remove(accountId);
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
