import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ExternalConnectionInput, ExternalConnectionViewFragment } from '../../gql/graphql.ts';
import { refinedSchema } from '../../lib/validation/problem-check.ts';
import { FormRefusal } from '../form/form-refusal.tsx';
import { revealFirstInvalid } from '../form/reveal-first-invalid.ts';
import { useServerRefusal } from '../form/server-refusal.ts';
import { useZodForm } from '../form/use-zod-form.ts';
import { DialogButtons, FormDialog } from '../form-dialog.tsx';
import { showSnackbar } from '../snackbar/snackbar-store.ts';
import { toExternalConnectionPatch } from './external-access-rules.ts';
import { ExternalAccessSection } from './external-access-section.tsx';
import {
  externalAccessControl,
  externalAccessRefinement,
  externalAccessValues,
  showConnectionRefusal,
  type ExternalAccessTarget,
  type WithExternalAccess,
} from './external-access-values.ts';

// External access changed from a resource's page (a database cluster's, a message queue's): the form's
// section in a dialog, saved as the patch of API.md with the resource's modify mutation, whose refusals land
// on the fields they name. Its code comes with the first press of the button that opens it.

export interface ExternalAccessDialogProps {
  open: boolean;
  onClose: () => void;
  target: ExternalAccessTarget;
  /** The resource's connection now; none: the dialog adds one. */
  connection: ExternalConnectionViewFragment | null | undefined;
  /** The resource's modify mutation, given the connection's patch. */
  change: UseMutationResult<unknown, Error, ExternalConnectionInput>;
  /** Why saving is not possible right now (the resource is being changed). */
  blockedReason?: string | null;
}

export function ExternalAccessDialog({ open, onClose, change, ...props }: ExternalAccessDialogProps) {
  return (
    <FormDialog open={open} pending={change.isPending} onClose={onClose}>
      <ExternalAccessForm change={change} onClose={onClose} {...props} />
    </FormDialog>
  );
}

function ExternalAccessForm({
  target,
  connection,
  change,
  blockedReason,
  onClose,
}: Omit<ExternalAccessDialogProps, 'open'>) {
  // The connection as it is (the patch is against it); the form starts with access on, as the button says.
  const [before] = useState(() => externalAccessValues(connection));
  const [schema] = useState(() => refinedSchema(externalAccessRefinement<WithExternalAccess>(() => target)));
  const form = useZodForm<WithExternalAccess>(schema, { externalAccess: { ...before, enabled: true } });
  const refused = useServerRefusal<WithExternalAccess>({
    fieldsOfInput: {},
    setError: form.setError,
    placeFirst: (error) => showConnectionRefusal(error, form.getValues(), form.setError),
  });

  const submit = async (values: WithExternalAccess) => {
    const patch = toExternalConnectionPatch(before, values.externalAccess, target);
    if (!patch) {
      onClose();
      return;
    }
    await change.mutateAsync(patch);
    showSnackbar(
      patch.state === 'ABSENT' ? 'External access is being removed' : 'External access is being changed',
      'success',
    );
    onClose();
  };

  return (
    // A flex column as the dialog is, so that its content scrolls between the title and the buttons.
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(refused.sending(submit), revealFirstInvalid)}
      aria-label="External access"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      <DialogTitle>External access</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ExternalAccessSection
            control={externalAccessControl(form.control)}
            target={target}
            connected={before.enabled}
            variant="bare"
          />
          <FormRefusal messages={refused.refusal} />
          {blockedReason && <Alert severity="info">{blockedReason}</Alert>}
        </Stack>
      </DialogContent>
      <DialogButtons>
        <Button color="inherit" onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={change.isPending || Boolean(blockedReason)}>
          {change.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogButtons>
    </Box>
  );
}
