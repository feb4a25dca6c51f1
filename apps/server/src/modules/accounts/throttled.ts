/**
 * Refused before the password or code was looked at: too many failed attempts for the account or the
 * address (the identity provider's throttle counts them; sign-in and credential changes both say this).
 */
export class SignInThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}
