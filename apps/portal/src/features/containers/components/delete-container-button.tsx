import { useState } from 'react';
import Button from '@mui/material/Button';
import { mdiDeleteOutline } from '@mdi/js';
import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { showSnackbar } from '../../../components/snackbar/snackbar-store.ts';
import { paths } from '../../../config/paths.ts';
import { useDeleteContainer } from '../api/delete-container.ts';

/** Deleting asks for the container's name to be typed, then returns to the namespace's containers. */
export function DeleteContainerButton({
  namespace,
  name,
  disabled,
}: {
  namespace: string;
  name: string;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const deleteContainer = useDeleteContainer();

  const confirm = () =>
    deleteContainer.mutate(
      { namespace, name },
      {
        onSuccess: () => {
          setConfirming(false);
          showSnackbar(`Your container ${name} is being deleted`, 'success');
          void navigate({ to: paths.namespaces.containers, params: { namespaceName: namespace } });
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        disabled={disabled}
        startIcon={<MdiIcon path={mdiDeleteOutline} />}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete container ${name}?`}
        description="Its replicas stop and its web addresses stop answering. Mounted volumes and their data are kept. This cannot be undone."
        confirmLabel="Delete container"
        typeToConfirm={name}
        pending={deleteContainer.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
