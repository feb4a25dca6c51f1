import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FormDialog } from '@/components/form-dialog.tsx';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';

/**
 * A small form over the cluster's page (add a user, change permissions, add a database): full screen on a
 * phone. The platform's refusal of the change (the cluster is busy with another one, a name it will not
 * take) is shown in it, beside what was asked; other failures go to the snack bar.
 */
export function ClusterFormDialog({
  open,
  title,
  submitLabel = title,
  change,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** The submit button's text: the title's, unless said otherwise. */
  submitLabel?: string;
  /** The change the form asks for (a mutation): whether it is under way, and its last attempt's failure. */
  change: { isPending: boolean; error: Error | null };
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { isPending: pending, error } = change;
  return (
    <FormDialog open={open} pending={pending} onClose={onClose}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {error instanceof GraphQLRequestError && <Alert severity="error">{error.message}</Alert>}
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
