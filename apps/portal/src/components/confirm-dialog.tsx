import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { identifierInputProps } from './form/form-text-field.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** When set, the customer must type exactly this text before the action is enabled. */
  typeToConfirm?: string;
  pending?: boolean;
  /** Why the last attempt failed, shown in the dialog (such as the platform naming what still uses a resource). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The one confirmation step before anything destructive happens. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      onClose={props.pending ? undefined : props.onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      {/* Mounted only while open, so typed text never survives into the next confirmation. */}
      {props.open && <ConfirmForm {...props} />}
    </Dialog>
  );
}

function ConfirmForm({
  title,
  description,
  confirmLabel,
  typeToConfirm,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const confirmed = typeToConfirm === undefined || typed === typeToConfirm;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !pending) onConfirm();
  };
  return (
    <form onSubmit={submit}>
      {/* DialogTitle names the dialog (MUI wires aria-labelledby). */}
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{description}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {typeToConfirm !== undefined && (
          <TextField
            autoFocus
            margin="normal"
            label={`Type ${typeToConfirm} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={identifierInputProps}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={!confirmed || pending}>
          {pending ? 'Working…' : confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
