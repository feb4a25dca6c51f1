import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { mdiDeleteOutline } from '@mdi/js';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { showSnackbar } from '../../../components/snackbar/snackbar-store.ts';
import { GraphQLRequestError } from '../../../lib/graphql/errors.ts';
import { useDeleteVolume } from '../api/delete-volume.ts';

/** Asks first; when containers still mount the volume, the dialog shows the platform's message naming them. */
export function DeleteVolumeButton({
  namespace,
  name,
  disabled,
}: {
  namespace: string;
  name: string;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteVolume = useDeleteVolume();
  const close = () => {
    setConfirming(false);
    deleteVolume.reset();
  };
  const confirm = () =>
    deleteVolume.mutate(
      { namespace, name },
      {
        onSuccess: () => {
          close();
          showSnackbar(`Volume ${name} is being deleted`, 'success');
        },
      },
    );
  const error = deleteVolume.error instanceof GraphQLRequestError ? deleteVolume.error.message : null;

  return (
    <>
      <Tooltip title={`Delete volume ${name}`}>
        <span>
          <IconButton
            size="small"
            aria-label={`Delete volume ${name}`}
            disabled={disabled}
            onClick={() => setConfirming(true)}
          >
            <MdiIcon path={mdiDeleteOutline} />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title={`Delete volume ${name}?`}
        description="The volume and all data on it are removed. This cannot be undone."
        confirmLabel="Delete volume"
        typeToConfirm={name}
        pending={deleteVolume.isPending}
        error={error}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
