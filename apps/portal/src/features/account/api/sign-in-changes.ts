import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountPasswordChangeMutationVariables } from '@/gql/graphql.ts';
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

/** A change of the sign-in; once accepted, the account (and its sign-in status with it) is loaded again. */
function useSignInChange<TVariables, TResult>(change: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey }),
    meta: { inlineErrors: true },
  });
}

export type PasswordChange = AccountPasswordChangeMutationVariables;

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
