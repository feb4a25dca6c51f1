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
