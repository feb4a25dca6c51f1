import type { Database } from '../db/client.ts';
import { badInput } from '../errors.ts';
import { emailChangeMail, emailChangingMail, verifyEmailMail } from '../modules/accounts/mails.ts';
import { emailSchema } from '../modules/accounts/service.ts';
import { createAccountStore, type AccountWithCustomer } from '../modules/accounts/store.ts';
import type { MailOutbox } from '../modules/mail/outbox.ts';
import { createAccountLinkStore } from './store.ts';

// Confirming an address by a mailed link, Keycloak's action tokens: the address of a new account (until
// then it may not subscribe or create paid resources), and the new address of an account changing it (the
// old address is told at once, the change happens when the new one confirms).

const VERIFY = 'verify-email';
const CHANGE = 'change-email';
export const EMAIL_LINK_HOURS = 24;
/** Links of one kind an account may be sent within an hour; asking more often is refused. */
export const EMAIL_LINKS_PER_HOUR = 3;

export type Confirmation = { done: true; email: string } | { done: false; problem: 'expired' | 'taken' };

export function createEmailConfirmation(deps: {
  database: Database;
  mail: MailOutbox;
  /** Where links point: `$PUBLIC_URL/realms/$REALM/login-actions/action-token`. */
  linkUrl: string;
  clock?: () => Date;
}) {
  const { database, mail } = deps;
  const clock = deps.clock ?? (() => new Date());
  const links = createAccountLinkStore(database.db);
  const linkTo = (token: string) => `${deps.linkUrl}?key=${token}`;

  async function refuseIfTooOften(accountId: number, purpose: string, field: string) {
    const hourAgo = new Date(clock().getTime() - 3600_000);
    if ((await links.countSince(accountId, purpose, hourAgo)) >= EMAIL_LINKS_PER_HOUR)
      throw badInput(field, 'Too many mails were sent within the hour: try again later');
  }

  /** Which kind of link the token is, while it can be used (the page asks before it confirms). */
  async function describe(token: string) {
    const now = clock();
    for (const purpose of [VERIFY, CHANGE]) {
      const link = await links.usable(token, purpose, now);
      if (link) return { purpose, newEmail: link.newEmail };
    }
    return undefined;
  }

  return {
    describe,

    /** The address the account is moving to while its link can be used. */
    async pendingEmail(accountId: number) {
      return (await links.newestUsable(accountId, CHANGE, clock()))?.newEmail ?? null;
    },

    /** Mails the account a link that confirms its address (at sign-up, and when asked again). */
    async sendVerification(account: AccountWithCustomer, options: { limited: boolean }) {
      if (account.emailVerifiedAt) throw badInput('email', 'Your email address is already confirmed');
      if (options.limited) await refuseIfTooOften(account.id, VERIFY, 'email');
      await database.db.transaction(async (tx) => {
        const token = await createAccountLinkStore(tx).issue({
          accountId: account.id,
          purpose: VERIFY,
          expiresAt: new Date(clock().getTime() + EMAIL_LINK_HOURS * 3600_000),
        });
        await mail.queue(tx, verifyEmailMail(account, linkTo(token), EMAIL_LINK_HOURS));
      });
    },

    /** The address `newEmail` is sent a link that moves the account to it; the current one is told. */
    async requestChange(account: AccountWithCustomer, newEmail: string) {
      const parsed = emailSchema.safeParse(newEmail.trim());
      if (!parsed.success) throw badInput('newEmail', parsed.error.issues[0]?.message ?? 'Invalid email');
      const email = parsed.data;
      if (email.toLowerCase() === account.email.toLowerCase())
        throw badInput('newEmail', 'This is already your email address');
      if (await createAccountStore(database.db).findByEmail(email))
        throw badInput('newEmail', 'An account with this email already exists');
      await refuseIfTooOften(account.id, CHANGE, 'newEmail');
      await database.db.transaction(async (tx) => {
        const token = await createAccountLinkStore(tx).issue({
          accountId: account.id,
          purpose: CHANGE,
          newEmail: email,
          expiresAt: new Date(clock().getTime() + EMAIL_LINK_HOURS * 3600_000),
        });
        await mail.queue(tx, emailChangeMail(account, email, linkTo(token), EMAIL_LINK_HOURS));
        await mail.queue(tx, emailChangingMail(account, email));
      });
    },

    /** Uses the link, once: the address is confirmed, or the account moves to the new one. */
    async confirm(token: string): Promise<Confirmation> {
      const kind = await describe(token);
      if (!kind) return { done: false, problem: 'expired' };
      return database.db.transaction(async (tx): Promise<Confirmation> => {
        const link = await createAccountLinkStore(tx).use(token, kind.purpose, clock());
        const accounts = createAccountStore(tx);
        const account = link && (await accounts.findById(link.accountId));
        if (!account) return { done: false, problem: 'expired' };
        if (!link.newEmail) {
          await accounts.markEmailVerified(account.id, clock());
          return { done: true, email: account.email };
        }
        // Taken by an account that signed up with it since the link was sent.
        if (await accounts.findByEmail(link.newEmail)) return { done: false, problem: 'taken' };
        await accounts.changeEmail(account.id, link.newEmail, clock());
        return { done: true, email: link.newEmail };
      });
    },
  };
}

export type EmailConfirmation = ReturnType<typeof createEmailConfirmation>;
