import { FormButtons } from '@/components/form/form-actions.tsx';
import { FormStack } from '@/components/form/form-stack.tsx';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { FormTextField, identifierInputProps } from '@/components/form/form-text-field.tsx';
import { IdentifierField, NewNameField } from '@/components/form/identifier-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { defaultRegistryValues, registryFormSchema, type RegistryFormValues } from './registry-schema.ts';

interface RegistryFormProps {
  pending: boolean;
  /** Sends the values; fails with the platform's refusal (a name taken, credentials the registry refused). */
  onSubmit: (values: RegistryFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The input fields the platform may refuse, as the form shows them. */
const registryFieldsOfInput = {
  name: 'name',
  source: 'source',
  username: 'username',
  password: 'password',
} as const;

export function RegistryForm({ pending, onSubmit, onCancel }: RegistryFormProps) {
  const { control, handleSubmit, setError } = useZodForm(registryFormSchema, defaultRegistryValues);
  const refused = useServerRefusal({ fieldsOfInput: registryFieldsOfInput, setError });
  return (
    <FormStack onSubmit={handleSubmit(refused.sending(onSubmit), revealFirstInvalid)} label="New registry">
      <NewNameField
        control={control}
        name="name"
        helperText="How containers refer to it: lowercase letters, digits and hyphens; starts with a letter."
      />
      <IdentifierField
        control={control}
        name="source"
        label="Registry"
        required
        placeholder="registry.example.com"
        helperText="The registry host, with a port or path if it has one, such as ghcr.io/acme."
        slotProps={{ ...identifierInputProps, inputLabel: { shrink: true } }}
      />
      <IdentifierField control={control} name="username" label="User name" required />
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
      <FormButtons
        submitLabel="Add registry"
        pendingLabel="Adding…"
        pending={pending}
        refusal={refused.refusal}
        onCancel={onCancel}
      />
    </FormStack>
  );
}
