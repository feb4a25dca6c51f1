import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FormDialog } from '@/components/form-dialog.tsx';
import { FormRefusal } from '@/components/form/form-refusal.tsx';

/**
 * A small form over the cluster's page (add a user, change permissions, add a database): full screen on a
 * phone. The platform's refusal of the change is shown in it: on the field it names (a name it will not take),
 * the rest (the cluster busy with another change) above the buttons; other failures go to the snack bar.
 */
export function ClusterFormDialog({
  open,
  title,
  submitLabel = title,
  pending,
  refusal,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** The submit button's text: the title's, unless said otherwise. */
  submitLabel?: string;
  /** The change the form asks for is under way. */
  pending: boolean;
  /** What the platform refused that names no field (useServerRefusal). */
  refusal: readonly string[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog open={open} pending={pending} onClose={onClose}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            <FormRefusal messages={refusal} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Working…' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
