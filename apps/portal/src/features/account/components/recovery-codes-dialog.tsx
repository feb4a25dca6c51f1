import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog.tsx';
import { useRenewRecoveryCodes } from '../api/sign-in-changes.ts';
import { CodeForm } from './code-form.tsx';
import { NewRecoveryCodes } from './new-recovery-codes.tsx';

/** Asks for a code, then shows the ten new recovery codes: this once, since only their hashes are kept. */
export function RecoveryCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const renew = useRenewRecoveryCodes();
  const close = () => {
    // The codes are not kept once the dialog is closed, in the mutation's state either.
    renew.reset();
    onClose();
  };
  return (
    <FormDialog open={open} pending={renew.isPending} dismissible={!renew.isSuccess} onClose={close}>
      <RecoveryCodesSteps renew={renew} onClose={close} />
    </FormDialog>
  );
}

function RecoveryCodesSteps({
  renew,
  onClose,
}: {
  renew: ReturnType<typeof useRenewRecoveryCodes>;
  onClose: () => void;
}) {
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  if (codes) return <NewRecoveryCodes codes={codes} onClose={onClose} />;
  return (
    <CodeForm
      title="New recovery codes"
      description="Ten new codes replace your recovery codes: the ones you have now stop working."
      submitLabel="Make new codes"
      change={renew}
      onDone={setCodes}
      onClose={onClose}
    />
  );
}
