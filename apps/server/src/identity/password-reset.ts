import type { Database } from '../db/client.ts';
import { passwordChangedMail, passwordResetMail } from '../modules/accounts/mails.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { registrationSchema } from '../modules/accounts/service.ts';
import { createAccountStore } from '../modules/accounts/store.ts';
import type { MailOutbox } from '../modules/mail/outbox.ts';
import { createAccountLinkStore, createPayloadStore, createSignInFailureStore } from './store.ts';
import { accountThrottleKey } from './throttle.ts';

// "Forgot password?": a single-use link by mail that sets a new password. Asking says the same whether or
// not the address has an account (the route answers before any of this runs, so the time says nothing
// either). Using the link signs the account out everywhere and lifts a sign-in block.

const PURPOSE = 'password-reset';
export const RESET_LINK_MINUTES = 30;
/**
 * Links an account may be sent within an hour before asking does nothing (each client address is also
 * held to the token endpoint's rate, see flows/reset-password.ts).
 */
export const RESET_MAILS_PER_HOUR = 3;

export type ResetOutcome = { done: true } | { done: false; expired: boolean; errors: Record<string, string> };

export function createPasswordReset(deps: {
  database: Database;
  mail: MailOutbox;
  /** Where links point: `$PUBLIC_URL/realms/$REALM/login-actions/reset-credentials`. */
  resetUrl: string;
  clock?: () => Date;
}) {
  const { database, mail } = deps;
  const clock = deps.clock ?? (() => new Date());
  const links = createAccountLinkStore(database.db);

  return {
    /** Mails a reset link to the account of `email`, if there is one and it has not asked too often. */
    async request(email: string) {
      const now = clock();
      const hourAgo = new Date(now.getTime() - 3600_000);
      const account = await createAccountStore(database.db).findByEmail(email.trim());
      if (!account?.passwordHash) return;
      if ((await links.countSince(account.id, PURPOSE, hourAgo)) >= RESET_MAILS_PER_HOUR) return;
      await database.db.transaction(async (tx) => {
        const token = await createAccountLinkStore(tx).issue({
          accountId: account.id,
          purpose: PURPOSE,
          expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
        });
        await mail.queue(tx, passwordResetMail(account, `${deps.resetUrl}?key=${token}`, RESET_LINK_MINUTES));
      });
    },

    /** Whether the link can still be used (the form is shown only then). */
    async usable(token: string) {
      return (await links.usable(token, PURPOSE, clock())) !== undefined;
    },

    /** Sets the new password through the link, once. */
    async complete(token: string, password: string, confirmation: string): Promise<ResetOutcome> {
      const errors: Record<string, string> = {};
      const problem = registrationSchema.shape.password.safeParse(password).error?.issues[0]?.message;
      if (problem) errors.password = problem;
      if (password !== confirmation) errors.passwordConfirm = 'Passwords do not match';
      if (!(await this.usable(token))) return { done: false, expired: true, errors };
      if (Object.keys(errors).length > 0) return { done: false, expired: false, errors };
      const passwordHash = await hashPassword(password);
      const used = await database.db.transaction(async (tx) => {
        const link = await createAccountLinkStore(tx).use(token, PURPOSE, clock());
        const accounts = createAccountStore(tx);
        const account = link && (await accounts.findById(link.accountId));
        if (!account) return false;
        await accounts.setPasswordHash(account.id, passwordHash);
        await createPayloadStore(tx).removeAccount(account.id);
        await createSignInFailureStore(tx).clear(accountThrottleKey(account.email));
        await mail.queue(tx, passwordChangedMail(account, clock()));
        return true;
      });
      return used ? { done: true } : { done: false, expired: true, errors: {} };
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
