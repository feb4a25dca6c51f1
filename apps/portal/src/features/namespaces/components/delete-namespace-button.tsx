import { useState } from 'react';
import Button from '@mui/material/Button';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { mdiDeleteOutline } from '@mdi/js';
import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showSnackbar } from '../../../components/snackbar/snackbar-store.ts';
import { paths } from '../../../config/paths.ts';
import { useDeleteNamespace } from '../api/delete-namespace.ts';

/** Deleting asks for the namespace's name to be typed, then returns to the list where it fades out. */
export function DeleteNamespaceButton({ name, disabled }: { name: string; disabled: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const deleteNamespace = useDeleteNamespace();

  const confirm = () =>
    deleteNamespace.mutate(name, {
      onSuccess: () => {
        setConfirming(false);
        showSnackbar('Your namespace is being deleted', 'success');
        void navigate({ to: paths.namespaces.list });
      },
      onError: () => setConfirming(false),
    });

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
        title={`Delete namespace ${name}?`}
        description="The namespace and everything in it will be removed. This cannot be undone."
        confirmLabel="Delete namespace"
        typeToConfirm={name}
        pending={deleteNamespace.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
