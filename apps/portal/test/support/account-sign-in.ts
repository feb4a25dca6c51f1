import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { AccountSignInQuery } from '../../src/gql/graphql.ts';
import type { GraphQLErrorItem } from '../../src/lib/graphql/errors.ts';
import { renderWithProviders } from './render.tsx';
import { server } from './server.ts';

// The account page's sign-in (issue 26): the platform's two-factor status and pending address, and its
// answers to the changes of the email address, the password and two-factor sign-in, which each test may
// replace with a refusal.

export type TwoFactorAnswer = NonNullable<AccountSignInQuery['account']>['twoFactor'];

export const twoFactorOff: TwoFactorAnswer = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };

export const twoFactorOn = (recoveryCodesLeft = 10): TwoFactorAnswer => ({
  enabled: true,
  enabledAt: '2030-01-15T09:30:00.000Z',
  recoveryCodesLeft,
});

export const newCodes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

export type SignInChange =
  | 'AccountPasswordChange'
  | 'AccountTwoFactorDisable'
  | 'AccountRecoveryCodesRenew'
  | 'AccountEmailChange'
  | 'AccountEmailVerificationSend';

export interface Sent {
  operation: string;
  variables: Record<string, unknown>;
}

/** An answer of the platform: `data`, or its refusal. */
export type Answer = { data: Record<string, unknown> } | { errors: GraphQLErrorItem[] };

/** The platform refuses the input `field` with `message`. */
export const refusal = (field: string, message: string): Answer => ({
  errors: [{ message, extensions: { code: 'BAD_USER_INPUT', field } }],
});

export const tooManyAttempts: Answer = {
  errors: [{ message: 'Too many attempts: try again in 15 minutes', extensions: { code: 'FORBIDDEN' } }],
};

/** The platform's two-factor status, as the account page loads it. */
export const signInStatus = (twoFactor: TwoFactorAnswer) =>
  graphql.query('AccountSignIn', () =>
    HttpResponse.json({ data: { account: { id: 'account-1', twoFactor, pendingEmail: null } } }),
  );

/**
 * Opens the account page with two-factor sign-in as `twoFactor`. The changes are recorded in `sent` and
 * accepted (the status following them), unless `answers` holds the next answer for one (a promise: the
 * answer waits for it).
 */
export function openSignIn(
  twoFactor: TwoFactorAnswer,
  answers: Partial<Record<SignInChange, (Answer | Promise<Answer>)[]>> = {},
) {
  let status = twoFactor;
  let pendingEmail: unknown = null;
  const sent: Sent[] = [];
  const accepted: Record<SignInChange, (variables: Record<string, unknown>) => Answer> = {
    AccountPasswordChange: () => ({ data: { accountPasswordChange: true } }),
    AccountTwoFactorDisable: () => {
      status = twoFactorOff;
      return { data: { accountTwoFactorDisable: true } };
    },
    AccountRecoveryCodesRenew: () => {
      status = twoFactorOn(10);
      return { data: { accountRecoveryCodesRenew: newCodes } };
    },
    AccountEmailChange: (variables) => {
      pendingEmail = variables.newEmail;
      return { data: { accountEmailChange: true } };
    },
    AccountEmailVerificationSend: () => ({ data: { accountEmailVerificationSend: true } }),
  };
  server.use(
    graphql.query('AccountSignIn', () =>
      HttpResponse.json({ data: { account: { id: 'account-1', twoFactor: status, pendingEmail } } }),
    ),
    graphql.mutation<Record<string, unknown>, Record<string, unknown>>(
      /^Account(PasswordChange|TwoFactorDisable|RecoveryCodesRenew|EmailChange|EmailVerificationSend)$/,
      async ({ operationName, variables }) => {
        sent.push({ operation: operationName, variables });
        const operation = operationName as SignInChange;
        return HttpResponse.json((await answers[operation]?.shift()) ?? accepted[operation](variables));
      },
    ),
  );
  return { ...renderWithProviders({ path: '/account' }), sent };
}

type SectionName = 'Email address' | 'Password' | 'Two-factor authentication';

export const section = async (name: SectionName) => within(await screen.findByRole('region', { name }));

/** Presses `button` in the section and returns the dialog it opens, named `dialogName`. */
export async function openDialog(
  user: ReturnType<typeof openSignIn>['user'],
  sectionName: SectionName,
  button: string,
  dialogName: string,
) {
  await user.click((await section(sectionName)).getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: dialogName }));
}
