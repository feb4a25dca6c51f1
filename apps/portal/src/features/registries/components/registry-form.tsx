import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { FormTextField, identifierInputProps } from '@/components/form/form-text-field.tsx';
import { defaultRegistryValues, registryFormSchema, type RegistryFormValues } from './registry-schema.ts';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';

interface RegistryFormProps {
  pending: boolean;
  /** The platform's answer to the last attempt, such as credentials the registry refused. */
  error: string | null;
  onSubmit: (values: RegistryFormValues) => void;
  onCancel: () => void;
}

export function RegistryForm({ pending, error, onSubmit, onCancel }: RegistryFormProps) {
  const { control, handleSubmit } = useForm<RegistryFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(registryFormSchema),
    mode: 'onChange',
    defaultValues: defaultRegistryValues,
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={handleSubmit(onSubmit, revealFirstInvalid)}
      aria-label="New registry"
    >
      <FormTextField
        control={control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        helperText="How containers refer to it: lowercase letters, digits and hyphens; starts with a letter."
        slotProps={identifierInputProps}
      />
      <FormTextField
        control={control}
        name="source"
        label="Registry"
        required
        autoComplete="off"
        placeholder="registry.example.com"
        helperText="The registry host, with a port or path if it has one, such as ghcr.io/acme."
        slotProps={{ ...identifierInputProps, inputLabel: { shrink: true } }}
      />
      <FormTextField
        control={control}
        name="username"
        label="User name"
        required
        autoComplete="off"
        slotProps={identifierInputProps}
      />
      <FormTextField
        control={control}
        name="password"
        label="Password or access token"
        type="password"
        required
        autoComplete="new-password"
        helperText="Stored encrypted and never shown again."
      />
      <FormSwitch
        control={control}
        name="verify"
        label="Sign in to the registry now to check these credentials"
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? 'Adding…' : 'Add registry'}
        </Button>
      </Stack>
    </Stack>
  );
}
