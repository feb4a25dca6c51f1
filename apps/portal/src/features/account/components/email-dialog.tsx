import * as z from 'zod/mini';
import { FormDialog } from '@/components/form-dialog.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { problemCheck } from '@/lib/validation/problem-check.ts';
import { useChangeEmail, type EmailChange } from '../api/sign-in-changes.ts';
import { SignInForm } from './sign-in-form.tsx';

/** The input fields the platform may refuse, each on the field of the same name. */
const refusedFields = { newEmail: 'newEmail', currentPassword: 'currentPassword' } as const;

/** An address as the platform takes one: something@somewhere, not the one in use. */
function emailChangeSchema(currentEmail: string) {
  return z.object({
    newEmail: z.string().check(
      problemCheck((value) => {
        const email = value.trim();
        if (email === '') return 'Enter the new email address';
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Enter a valid email address';
        return email.toLowerCase() === currentEmail.toLowerCase()
          ? 'This is already your email address'
          : null;
      }),
    ),
    currentPassword: z
      .string()
      .check(problemCheck((value) => (value === '' ? 'Enter your current password' : null))),
  });
}

interface EmailDialogProps {
  open: boolean;
  currentEmail: string;
  onClose: () => void;
}

/** The new address and the current password; a link to the new address makes the change. */
export function EmailDialog(props: EmailDialogProps) {
  const change = useChangeEmail();
  return (
    <FormDialog open={props.open} pending={change.isPending} onClose={props.onClose}>
      <EmailForm {...props} change={change} />
    </FormDialog>
  );
}

function EmailForm({
  currentEmail,
  change,
  onClose,
}: EmailDialogProps & { change: ReturnType<typeof useChangeEmail> }) {
  const { control, handleSubmit, setError } = useZodForm<EmailChange>(emailChangeSchema(currentEmail), {
    newEmail: '',
    currentPassword: '',
  });
  const refused = useServerRefusal({ fieldsOfInput: refusedFields, setError });
  const submit = async ({ newEmail, currentPassword }: EmailChange) => {
    await change.mutateAsync({ newEmail: newEmail.trim(), currentPassword });
    showSnackbar(`Follow the link we mailed to ${newEmail.trim()} to finish the change.`, 'success');
    onClose();
  };
  return (
    <SignInForm
      title="Change email"
      description={`We mail a link to the new address; the change happens when it is followed. ${currentEmail} is told.`}
      submitLabel="Send link"
      pending={change.isPending}
      refusal={refused.refusal}
      onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="newEmail"
        label="New email address"
        type="email"
        autoComplete="email"
        required
        autoFocus
      />
      <FormTextField
        control={control}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
    </SignInForm>
  );
}
