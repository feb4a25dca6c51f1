import { mdiLockReset } from '@mdi/js';
import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmedAction } from './confirmed-action.tsx';

/**
 * Gives a user of a resource (a database cluster's, a message queue's) a new password after a confirmation
 * that says what stops working. `variables` makes the request's variables when it is confirmed (a new password
 * made in the browser, or none for the platform to make one). The password is not kept here: `onReset` lets
 * the page offer to reveal it (from the platform, as any user's credentials). The platform's refusal stays in
 * the dialog.
 */
export function ResetPasswordAction<TVariables>({
  user,
  description,
  mutation,
  variables,
  disabled,
  trigger,
  onReset,
}: {
  user: string;
  description: string;
  mutation: UseMutationResult<unknown, Error, TVariables>;
  variables: () => TVariables;
  disabled: boolean;
  /** A compact icon in a table row, or a labelled button in a section. */
  trigger: 'icon' | 'button';
  onReset: (user: string) => void;
}) {
  const label = `Reset password of ${user}`;
  return (
    <ConfirmedAction
      label={trigger === 'icon' ? label : 'Reset password'}
      accessibleLabel={label}
      icon={mdiLockReset}
      compact={trigger === 'icon'}
      title={`${label}?`}
      description={description}
      confirmLabel="Reset password"
      mutation={mutation}
      variables={variables}
      disabled={disabled}
      onDone={() => onReset(user)}
    />
  );
}
