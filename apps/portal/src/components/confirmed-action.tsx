import { lazy, Suspense, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { UseMutationResult } from '@tanstack/react-query';
import { GraphQLRequestError } from '../lib/graphql/errors.ts';
import { MdiIcon } from './mdi-icon.tsx';
import { Tooltip } from './tooltip.tsx';

// The confirmation's code loads when it is first asked for, as the delete buttons' does.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * A button that asks before it acts (a redeploy, a rollback, stopping a run): the confirmation says what will
 * happen, then `mutation` runs with `variables()`. The platform's refusal stays in the dialog; `onDone` follows
 * success, once the dialog has closed.
 */
export function ConfirmedAction<TVariables>({
  label,
  accessibleLabel,
  icon,
  title,
  description,
  confirmLabel,
  mutation,
  variables,
  disabled,
  variant = 'outlined',
  compact = false,
  onDone,
}: {
  label: string;
  /** A fuller name where several such buttons share a label (`Roll back to revision 2`). */
  accessibleLabel?: string;
  icon: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  mutation: UseMutationResult<unknown, Error, TVariables>;
  variables: () => TVariables;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  /** An icon with a tooltip, for a table row; named by `accessibleLabel` or `label`. */
  compact?: boolean;
  onDone?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // Once opened, the dialog stays mounted so that it fades out when closed.
  const [asked, setAsked] = useState(false);
  const close = () => {
    setConfirming(false);
    mutation.reset();
  };
  const confirm = () =>
    mutation.mutate(variables(), {
      onSuccess: () => {
        close();
        onDone?.();
      },
    });
  const open = () => {
    setConfirming(true);
    setAsked(true);
  };
  return (
    <>
      {compact ? (
        <Tooltip title={accessibleLabel ?? label}>
          <span>
            <IconButton size="small" aria-label={accessibleLabel ?? label} disabled={disabled} onClick={open}>
              <MdiIcon path={icon} />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          variant={variant}
          aria-label={accessibleLabel}
          disabled={disabled}
          startIcon={<MdiIcon path={icon} />}
          onClick={open}
          sx={{ flexShrink: 0 }}
        >
          {label}
        </Button>
      )}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={title}
            description={description}
            confirmLabel={confirmLabel}
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
