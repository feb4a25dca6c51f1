import { FormButtons } from '@/components/form/form-actions.tsx';
import { FormStack } from '@/components/form/form-stack.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { NewNameField } from '@/components/form/identifier-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { namespaceFormSchema, type NamespaceFormValues } from './namespace-schema.ts';

interface NamespaceFormProps {
  pending: boolean;
  onSubmit: (values: NamespaceFormValues) => void;
  onCancel: () => void;
}

/** Name validated as the customer types (nothing is sent while it is invalid) and an optional description. */
export function NamespaceForm({ pending, onSubmit, onCancel }: NamespaceFormProps) {
  const { control, handleSubmit } = useZodForm(namespaceFormSchema, { name: '', description: '' });
  return (
    <FormStack onSubmit={handleSubmit(onSubmit, revealFirstInvalid)}>
      <NewNameField control={control} name="name" />
      <FormTextField control={control} name="description" label="Description" multiline />
      <FormButtons
        submitLabel="Create namespace"
        pendingLabel="Creating…"
        pending={pending}
        onCancel={onCancel}
      />
    </FormStack>
  );
}
