import * as z from 'zod/mini';
import { problemCheck } from '@/lib/validation/problem-check.ts';
import { codeSchema } from './code-field.tsx';

// The platform's rules for a password (its words for the shortest), checked as they are typed so that only a
// change it can take is sent. Passwords are never trimmed: a space is a character like any other.

export const passwordLength = { min: 8, max: 1024 } as const;

const required = (message: string) => problemCheck((value) => (value === '' ? message : null));

const newPasswordSchema = z.string().check(
  problemCheck((password) => {
    if (password === '') return 'Enter a new password';
    if (password.length < passwordLength.min)
      return `Password must have at least ${passwordLength.min} characters`;
    return password.length > passwordLength.max ? `Use at most ${passwordLength.max} characters` : null;
  }),
);

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
  /** Asked for only with two-factor sign-in on. */
  code: string;
}

export function passwordChangeSchema(withCode: boolean) {
  return z
    .object({
      currentPassword: z.string().check(required('Enter your current password')),
      newPassword: newPasswordSchema,
      repeatPassword: z.string().check(required('Repeat the new password')),
      code: withCode ? codeSchema : z.string(),
    })
    .check(
      z.refine((values) => values.repeatPassword === '' || values.repeatPassword === values.newPassword, {
        path: ['repeatPassword'],
        error: 'The two new passwords are not the same',
        // Said as it is typed, while other fields are still empty: the values are always the form's strings.
        when: () => true,
      }),
    );
}

export const emptyPasswordChange: PasswordChangeValues = {
  currentPassword: '',
  newPassword: '',
  repeatPassword: '',
  code: '',
};
