import { FormDialog } from '@/components/form-dialog.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useChangePassword } from '../api/sign-in-changes.ts';
import { CodeField } from './code-field.tsx';
import {
  emptyPasswordChange,
  passwordChangeSchema,
  passwordLength,
  type PasswordChangeValues,
} from './password-schema.ts';
import { SignInForm } from './sign-in-form.tsx';

/** The input fields the platform may refuse, each on the field of the same name. */
const refusedFields = {
  currentPassword: 'currentPassword',
  newPassword: 'newPassword',
  code: 'code',
} as const;

interface PasswordDialogProps {
  open: boolean;
  /** Two-factor sign-in is on: a code is asked for too. */
  withCode: boolean;
  onClose: () => void;
}

/** The current password, the new one twice and, with two-factor sign-in on, a code. */
export function PasswordDialog(props: PasswordDialogProps) {
  const change = useChangePassword();
  return (
    <FormDialog open={props.open} pending={change.isPending} onClose={props.onClose}>
      <PasswordForm {...props} change={change} />
    </FormDialog>
  );
}

function PasswordForm({
  withCode,
  change,
  onClose,
}: PasswordDialogProps & { change: ReturnType<typeof useChangePassword> }) {
  const { control, handleSubmit, setError } = useZodForm<PasswordChangeValues>(
    passwordChangeSchema(withCode),
    emptyPasswordChange,
  );
  const refused = useServerRefusal({ fieldsOfInput: refusedFields, setError });
  const submit = async ({ currentPassword, newPassword, code }: PasswordChangeValues) => {
    await change.mutateAsync({ currentPassword, newPassword, ...(withCode && { code }) });
    showSnackbar('Password changed. Other devices were signed out.', 'success');
    onClose();
  };
  return (
    <SignInForm
      title="Change password"
      description="Other devices signed in to your account are signed out; this one stays signed in."
      submitLabel="Change password"
      pending={change.isPending}
      refusal={refused.refusal}
      onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
      />
      <FormTextField
        control={control}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        helperText={`At least ${passwordLength.min} characters.`}
      />
      <FormTextField
        control={control}
        name="repeatPassword"
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        required
      />
      {withCode && <CodeField control={control} name="code" />}
    </SignInForm>
  );
}
