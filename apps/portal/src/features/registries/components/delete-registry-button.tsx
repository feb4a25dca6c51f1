import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { mdiDeleteOutline } from '@mdi/js';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { showSnackbar } from '../../../components/snackbar/snackbar-store.ts';
import { GraphQLRequestError } from '../../../lib/graphql/errors.ts';
import { useDeleteRegistry } from '../api/delete-registry.ts';

/** Asks first; when containers still use the registry, the dialog shows the platform's message naming them. */
export function DeleteRegistryButton({
  namespace,
  name,
  disabled,
}: {
  namespace: string;
  name: string;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteRegistry = useDeleteRegistry();
  const close = () => {
    setConfirming(false);
    deleteRegistry.reset();
  };
  const confirm = () =>
    deleteRegistry.mutate(
      { namespace, name },
      {
        onSuccess: () => {
          close();
          showSnackbar(`Registry ${name} is being removed`, 'success');
        },
      },
    );
  const error = deleteRegistry.error instanceof GraphQLRequestError ? deleteRegistry.error.message : null;

  return (
    <>
      <Tooltip title={`Delete registry ${name}`}>
        <span>
          <IconButton
            size="small"
            aria-label={`Delete registry ${name}`}
            disabled={disabled}
            onClick={() => setConfirming(true)}
          >
            <MdiIcon path={mdiDeleteOutline} />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title={`Delete registry ${name}?`}
        description="The stored credentials are removed. Containers can no longer pull images through this registry."
        confirmLabel="Delete registry"
        pending={deleteRegistry.isPending}
        error={error}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
