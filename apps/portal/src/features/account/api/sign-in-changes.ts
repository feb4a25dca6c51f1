import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountEmailChangeMutationVariables,
  AccountPasswordChangeMutationVariables,
} from '@/gql/graphql.ts';
import { accountQueryOptions } from '@/lib/auth/queries.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

// What the owner changes of their own sign-in. Each asks for proof (the current password, a code); a refusal
// is shown in the dialog it was asked from, at the field it names.

const passwordChangeMutation = graphql(`
  mutation AccountPasswordChange($currentPassword: String!, $newPassword: String!, $code: String) {
    accountPasswordChange(currentPassword: $currentPassword, newPassword: $newPassword, code: $code)
  }
`);

const twoFactorDisableMutation = graphql(`
  mutation AccountTwoFactorDisable($code: String!) {
    accountTwoFactorDisable(code: $code)
  }
`);

const recoveryCodesRenewMutation = graphql(`
  mutation AccountRecoveryCodesRenew($code: String!) {
    accountRecoveryCodesRenew(code: $code)
  }
`);

const emailVerificationSendMutation = graphql(`
  mutation AccountEmailVerificationSend {
    accountEmailVerificationSend
  }
`);

const emailChangeMutation = graphql(`
  mutation AccountEmailChange($newEmail: String!, $currentPassword: String!) {
    accountEmailChange(newEmail: $newEmail, currentPassword: $currentPassword)
  }
`);

/**
 * A change of the sign-in; once accepted, the account (and its sign-in status, sessions and keys with it) is
 * loaded again. Not awaited: the dialog that asked says it is done at once, while it is still mounted (a
 * refetch that turns two-factor off takes the dialog away before a slower one, such as the sessions, ends).
 */
function useSignInChange<TVariables, TResult>(change: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey }),
    meta: { inlineErrors: true },
  });
}

export type PasswordChange = AccountPasswordChangeMutationVariables;
export type EmailChange = AccountEmailChangeMutationVariables;

export const useChangePassword = () =>
  useSignInChange((variables: PasswordChange) => platformRequest(passwordChangeMutation, variables));

export const useTurnOffTwoFactor = () =>
  useSignInChange((code: string) => platformRequest(twoFactorDisableMutation, { code }));

/** Ten new recovery codes, which the answer holds this once. */
export const useRenewRecoveryCodes = () =>
  useSignInChange(
    async (code: string) =>
      (await platformRequest(recoveryCodesRenewMutation, { code })).accountRecoveryCodesRenew,
  );

/** Mails the link that confirms the address again. */
export const useSendEmailVerification = () =>
  useSignInChange(() => platformRequest(emailVerificationSendMutation, {}));

/** Mails a link to the new address; the account moves there when it is followed. */
export const useChangeEmail = () =>
  useSignInChange((variables: EmailChange) => platformRequest(emailChangeMutation, variables));
