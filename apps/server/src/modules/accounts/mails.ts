import { composeMail } from '../mail/compose.ts';
import type { AccountRow } from './store.ts';

// The mails that tell an account's owner what changed in it, sent in the change's transaction.

type Owner = Pick<AccountRow, 'email' | 'name'>;

export const passwordResetMail = (owner: Owner, link: string, minutes: number) =>
  composeMail({
    kind: 'password-reset',
    recipient: owner.email,
    name: owner.name,
    subject: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your Berth account.',
      `The button below lets you choose a new one. It works once, within ${minutes} minutes, and signs you out on every device.`,
    ],
    action: { label: 'Choose a new password', url: link },
    footnote: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  });

export const passwordChangedMail = (owner: Owner, at: Date) =>
  composeMail({
    kind: 'password-changed',
    recipient: owner.email,
    name: owner.name,
    subject: 'Your password was changed',
    paragraphs: [
      `The password of your Berth account was changed on ${at.toUTCString()}, and other devices were signed out.`,
    ],
    footnote:
      'If this was not you, someone else has access to your account or your mail: secure your mail, then choose a new password with "Forgot password?" on the sign-in page.',
  });

export const twoFactorOffMail = (owner: Owner, at: Date) =>
  composeMail({
    kind: 'two-factor-off',
    recipient: owner.email,
    name: owner.name,
    subject: 'Two-factor sign-in was turned off',
    paragraphs: [
      `Two-factor sign-in of your Berth account was turned off on ${at.toUTCString()}. Signing in now asks for your password only.`,
      'You can turn it on again on the Account page.',
    ],
    footnote: 'If this was not you, change your password at once and turn two-factor sign-in on again.',
  });

export const apiKeyCreatedMail = (
  owner: Owner,
  key: { name: string; clientId: string; readOnly: boolean; expiresAt: Date },
  at: Date,
) =>
  composeMail({
    kind: 'api-key-created',
    recipient: owner.email,
    name: owner.name,
    subject: 'A new API key was created',
    paragraphs: [
      `An API key named "${key.name}" (client ID ${key.clientId}) was created for your Berth account on ${at.toUTCString()}.`,
      `It can ${key.readOnly ? 'read' : 'read and change'} everything your account can, until ${key.expiresAt.toUTCString()} or until it is revoked on the Account page.`,
    ],
    footnote:
      'If this was not you, revoke the key on the Account page at once and change your password: someone else has access to your account.',
  });

export const verifyEmailMail = (owner: Owner, link: string, hours: number) =>
  composeMail({
    kind: 'verify-email',
    recipient: owner.email,
    name: owner.name,
    subject: 'Confirm your email address',
    paragraphs: [
      'Welcome to Berth. Confirm that this is your email address to subscribe and create paid resources.',
      `The button below works once, within ${hours} hours.`,
    ],
    action: { label: 'Confirm my email address', url: link },
    footnote: 'If you did not sign up for Berth, ignore this mail: nothing happens without the link.',
  });

/** To the new address: the link that moves the account to it. */
export const emailChangeMail = (owner: Owner, newEmail: string, link: string, hours: number) =>
  composeMail({
    kind: 'email-change',
    recipient: newEmail,
    name: owner.name,
    subject: 'Confirm your new email address',
    paragraphs: [
      `Your Berth account asked to use this address, ${newEmail}, in place of ${owner.email}.`,
      `The button below makes the change. It works once, within ${hours} hours.`,
    ],
    action: { label: 'Use this address', url: link },
    footnote: 'If you did not ask for this, ignore this mail: the account keeps its address.',
  });

/** To the old address, as soon as a change is asked for. */
export const emailChangingMail = (owner: Owner, newEmail: string) =>
  composeMail({
    kind: 'email-changing',
    recipient: owner.email,
    name: owner.name,
    subject: 'Your email address is changing',
    paragraphs: [
      `Your Berth account asked to move from this address to ${newEmail}. The change happens when the link mailed to ${newEmail} is followed; until then nothing changes.`,
    ],
    footnote:
      'If this was not you, change your password at once: someone signed in to your account. The change does not happen unless the link is followed.',
  });
