import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DialogButtons } from '@/components/form-dialog.tsx';
import { FormRefusal } from '@/components/form/form-refusal.tsx';

/**
 * The form of a dialog (in a FormDialog) that asks for proof before changing the sign-in: a password, a
 * code. The platform's refusal that names no field (too many attempts) is said above the buttons.
 */
export function SignInForm({
  title,
  description,
  submitLabel,
  danger = false,
  pending,
  refusal,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** What cannot be undone from here, such as turning two-factor off: the action in the error colour. */
  danger?: boolean;
  pending: boolean;
  /** What the platform refused that names no field (useServerRefusal). */
  refusal: readonly string[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      {/* DialogTitle names the dialog (MUI wires aria-labelledby). */}
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {description && <DialogContentText component="div">{description}</DialogContentText>}
          {children}
          <FormRefusal messages={refusal} />
        </Stack>
      </DialogContent>
      <DialogButtons>
        <Button onClick={onClose} disabled={pending} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} loading={pending}>
          {submitLabel}
        </Button>
      </DialogButtons>
    </form>
  );
}
