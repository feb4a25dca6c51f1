import { FormButtons } from '@/components/form/form-actions.tsx';
import { FormStack } from '@/components/form/form-stack.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { NewNameField } from '@/components/form/identifier-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { namespaceFormSchema, type NamespaceFormValues } from './namespace-schema.ts';

interface NamespaceFormProps {
  pending: boolean;
  /** Sends the values; fails with the platform's refusal, which the form shows on its fields. */
  onSubmit: (values: NamespaceFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** Name validated as the customer types (nothing is sent while it is invalid) and an optional description. */
export function NamespaceForm({ pending, onSubmit, onCancel }: NamespaceFormProps) {
  const { control, handleSubmit, setError } = useZodForm(namespaceFormSchema, { name: '', description: '' });
  const refused = useServerRefusal({ fieldsOfInput: { name: 'name', description: 'description' }, setError });
  return (
    <FormStack onSubmit={handleSubmit(refused.sending(onSubmit), revealFirstInvalid)} label="New namespace">
      <NewNameField control={control} name="name" />
      <FormTextField control={control} name="description" label="Description" multiline />
      <FormButtons
        submitLabel="Create namespace"
        pendingLabel="Creating…"
        pending={pending}
        refusal={refused.refusal}
        onCancel={onCancel}
      />
    </FormStack>
  );
}
