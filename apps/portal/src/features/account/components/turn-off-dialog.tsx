import { FormDialog } from '@/components/form-dialog.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useTurnOffTwoFactor } from '../api/sign-in-changes.ts';
import { CodeForm } from './code-form.tsx';

/** Turns two-factor sign-in off, once a code or a recovery code shows it is the owner asking. */
export function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const turnOff = useTurnOffTwoFactor();
  return (
    <FormDialog open={open} pending={turnOff.isPending} onClose={onClose}>
      <CodeForm
        title="Turn off two-factor authentication?"
        description="Signing in then asks only for your password, and your recovery codes stop working."
        submitLabel="Turn off"
        danger
        change={turnOff}
        onDone={() => {
          showSnackbar('Two-factor authentication is off.', 'success');
          onClose();
        }}
        onClose={onClose}
      />
    </FormDialog>
  );
}
