import type { Database, Db } from '../../db/client.ts';
import { badInput, forbidden } from '../../errors.ts';
import { SignInThrottled } from './throttled.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { passwordChangedMail, twoFactorOffMail } from './mails.ts';
import { hashPassword } from './passwords.ts';
import type { EmailConfirmation } from '../../identity/email-confirmation.ts';
import { registrationSchema, type AccountService } from './service.ts';
import { createAccountStore, type AccountWithCustomer } from './store.ts';
import type { TwoFactor } from './two-factor.ts';

// What the signed-in owner changes of their own sign-in: the password, and two-factor sign-in (off, new
// recovery codes). Each asks for proof first (the current password, a current code), counted against the
// sign-in throttle like a sign-in, and the owner is told by mail.

/** Where the request comes from: the identity provider's session of its token, and the client's address. */
export interface RequestSession {
  id?: string;
  address: string;
}

export function createCredentialChanges(deps: {
  database: Database;
  accounts: AccountService;
  twoFactor: TwoFactor;
  mail: MailOutbox;
  emailConfirmation: EmailConfirmation;
  /** Signs the account out of every session but `keepSessionId`, in the caller's transaction. */
  signOut(tx: Db, accountId: number, keepSessionId?: string): Promise<void>;
  /** Sign-in belongs to an external identity provider (Keycloak): nothing here applies. */
  externalIssuer: boolean;
  clock?: () => Date;
}) {
  const { database, twoFactor, mail } = deps;
  const clock = deps.clock ?? (() => new Date());

  function builtInOnly() {
    if (deps.externalIssuer)
      throw forbidden('Your sign-in is managed by your identity provider: change it there');
  }

  /** A throttled check says so in the error's words, and changes nothing. */
  async function unlessThrottled<T>(check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (error) {
      if (error instanceof SignInThrottled) throw forbidden(error.message);
      throw error;
    }
  }

  /** A current code from the app or an unused recovery code; refused in words that say which it was. */
  async function requireCode(
    account: AccountWithCustomer,
    code: string | null | undefined,
    session: RequestSession,
  ) {
    if (!code?.trim()) throw badInput('code', 'Enter a code from your authenticator app or a recovery code');
    const check = await unlessThrottled(() => twoFactor.verify(account, code, session.address));
    if (check === 'already-used') throw badInput('code', 'That code was already used: wait for the next one');
    if (check === 'wrong') throw badInput('code', 'That code is not right');
  }

  /** The current password (counted like a sign-in), refused in words that say which field. */
  async function requirePassword(account: AccountWithCustomer, password: string, session: RequestSession) {
    const checked = await unlessThrottled(() =>
      deps.accounts.authenticate(account.email, password, session.address),
    );
    if (checked?.id !== account.id) throw badInput('currentPassword', 'The current password is not right');
  }

  return {
    async twoFactorStatus(account: AccountWithCustomer) {
      return deps.externalIssuer ? null : twoFactor.status(account.id);
    },

    /** Sets a new password; other sessions are signed out, the one asking stays signed in. */
    async changePassword(
      account: AccountWithCustomer,
      input: { currentPassword: string; newPassword: string; code?: string | null },
      session: RequestSession,
    ) {
      builtInOnly();
      const problem = registrationSchema.shape.password.safeParse(input.newPassword).error?.issues[0]
        ?.message;
      if (problem) throw badInput('newPassword', problem);
      await requirePassword(account, input.currentPassword, session);
      if (await twoFactor.isEnabled(account.id)) await requireCode(account, input.code, session);
      const passwordHash = await hashPassword(input.newPassword);
      await database.db.transaction(async (tx) => {
        await createAccountStore(tx).setPasswordHash(account.id, passwordHash);
        await deps.signOut(tx, account.id, session.id);
        await mail.queue(tx, passwordChangedMail(account, clock()));
      });
      return true;
    },

    /** Mails the link that confirms the account's address again (a few times an hour at most). */
    async sendEmailVerification(account: AccountWithCustomer) {
      builtInOnly();
      await deps.emailConfirmation.sendVerification(account, { limited: true });
      return true;
    },

    /** Mails a link to `newEmail` that moves the account there, with the current password as proof. */
    async changeEmail(
      account: AccountWithCustomer,
      input: { newEmail: string; currentPassword: string },
      session: RequestSession,
    ) {
      builtInOnly();
      await requirePassword(account, input.currentPassword, session);
      await deps.emailConfirmation.requestChange(account, input.newEmail);
      return true;
    },

    /** Turns two-factor sign-in off, with a current code or a recovery code. */
    async disableTwoFactor(account: AccountWithCustomer, code: string, session: RequestSession) {
      builtInOnly();
      if (!(await twoFactor.isEnabled(account.id)))
        throw badInput('code', 'Two-factor sign-in is already off');
      await requireCode(account, code, session);
      await database.db.transaction(async (tx) => {
        await twoFactor.reset(account.id, tx);
        await mail.queue(tx, twoFactorOffMail(account, clock()));
      });
      return true;
    },

    /** Ten new recovery codes, shown once; the old ones stop working. */
    async renewRecoveryCodes(account: AccountWithCustomer, code: string, session: RequestSession) {
      builtInOnly();
      if (!(await twoFactor.isEnabled(account.id)))
        throw badInput('code', 'Turn two-factor sign-in on first: recovery codes come with it');
      await requireCode(account, code, session);
      return twoFactor.renewRecoveryCodes(account.id);
    },
  };
}

export type CredentialChanges = ReturnType<typeof createCredentialChanges>;
