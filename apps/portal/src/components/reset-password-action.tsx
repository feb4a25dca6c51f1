import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { mdiLockReset } from '@mdi/js';
import type { UseMutationResult } from '@tanstack/react-query';
import { GraphQLRequestError } from '../lib/graphql/errors.ts';
import { MdiIcon } from './mdi-icon.tsx';
import { Tooltip } from './tooltip.tsx';

// The confirmation's code loads when it is first asked for, as the delete buttons' does.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

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
  const [confirming, setConfirming] = useState(false);
  // Once opened, the dialog stays mounted so that it fades out when closed.
  const [asked, setAsked] = useState(false);
  const label = `Reset password of ${user}`;
  const open = () => {
    setConfirming(true);
    setAsked(true);
  };
  const close = () => {
    setConfirming(false);
    mutation.reset();
  };
  const confirm = () =>
    mutation.mutate(variables(), {
      onSuccess: () => {
        close();
        onReset(user);
      },
    });
  return (
    <>
      {trigger === 'icon' ? (
        <Tooltip title={label}>
          <span>
            <IconButton size="small" aria-label={label} disabled={disabled} onClick={open}>
              <MdiIcon path={mdiLockReset} />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          aria-label={label}
          disabled={disabled}
          startIcon={<MdiIcon path={mdiLockReset} />}
          onClick={open}
          sx={{ flexShrink: 0 }}
        >
          Reset password
        </Button>
      )}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={`${label}?`}
            description={description}
            confirmLabel="Reset password"
            pending={mutation.isPending}
            error={mutation.error instanceof GraphQLRequestError ? mutation.error.message : null}
            onConfirm={confirm}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
