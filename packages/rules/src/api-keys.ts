// API keys: a name the owner tells them apart by, and an expiry. The portal checks as the owner types; the
// server checks the same and refuses with the field's name.

export const API_KEY_NAME_MAX = 100;
/** Live keys an account may hold at once (expired ones count until revoked). */
export const API_KEYS_PER_ACCOUNT = 20;
/** A key lives a year at most: a leaked key that nobody revokes stops working by itself. */
export const API_KEY_LIFETIME_MAX_DAYS = 365;
/** What the portal offers, in days; the last is the maximum. */
export const API_KEY_LIFETIME_CHOICES = [7, 30, 90, API_KEY_LIFETIME_MAX_DAYS] as const;

const DAY_MS = 24 * 3600_000;
/** A year chosen on a client's clock that runs a little ahead of the server's is still a year. */
const CLOCK_SLACK_MS = DAY_MS;

export type ApiKeyNameProblem = 'empty' | 'too-long' | 'control-character';

/** The name as it is kept: trimmed first. */
export function apiKeyNameProblem(name: string): ApiKeyNameProblem | undefined {
  if (name.length === 0) return 'empty';
  if (name.length > API_KEY_NAME_MAX) return 'too-long';
  if (/[\p{Cc}\p{Cs}]/u.test(name)) return 'control-character';
  return undefined;
}

/** `past`: not after now; `too-far`: more than a year from now. */
export type ApiKeyExpiryProblem = 'past' | 'too-far';

export function apiKeyExpiryProblem(expiresAt: Date, now: Date): ApiKeyExpiryProblem | undefined {
  if (!(expiresAt.getTime() > now.getTime())) return 'past';
  if (expiresAt.getTime() - now.getTime() > API_KEY_LIFETIME_MAX_DAYS * DAY_MS + CLOCK_SLACK_MS)
    return 'too-far';
  return undefined;
}

/** The expiry of a key made now to live `days` days. */
export const apiKeyExpiry = (days: number, now: Date): Date => new Date(now.getTime() + days * DAY_MS);
