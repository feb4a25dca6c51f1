import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { mdiLockReset } from '@mdi/js';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { Tooltip } from '@/components/tooltip.tsx';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { useResetClusterUserPassword } from '../api/modify-cluster-user.ts';
import type { ClusterAddress } from '../api/get-cluster.ts';
import { generatePassword } from './cluster-password.ts';

// The confirmation's code loads when it is first asked for, as the delete buttons' does.
const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * Gives a user a new password, made in the browser, after a confirmation. The password is not kept here:
 * `onReset` lets the page offer to reveal it (from the platform, as any user's credentials).
 */
export function ClusterResetPassword({
  cluster,
  user,
  disabled,
  onReset,
}: {
  cluster: ClusterAddress;
  user: string;
  disabled: boolean;
  onReset: (user: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // Once opened, the dialog stays mounted so that it fades out when closed.
  const [asked, setAsked] = useState(false);
  const reset = useResetClusterUserPassword(cluster);
  const label = `Reset password of ${user}`;
  const close = () => {
    setConfirming(false);
    reset.reset();
  };
  const confirm = () =>
    reset.mutate(
      { name: user, password: generatePassword() },
      {
        onSuccess: () => {
          close();
          onReset(user);
        },
      },
    );
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            disabled={disabled}
            onClick={() => {
              setConfirming(true);
              setAsked(true);
            }}
          >
            <MdiIcon path={mdiLockReset} />
          </IconButton>
        </span>
      </Tooltip>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={`${label}?`}
            description={`${user} gets a new password and the current one stops working: applications that connect as ${user} need the new one.`}
            confirmLabel="Reset password"
            pending={reset.isPending}
            error={reset.error instanceof GraphQLRequestError ? reset.error.message : null}
            onConfirm={confirm}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
