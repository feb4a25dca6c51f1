import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField, identifierInputProps, resourceNameHint } from '@/components/form/form-text-field.tsx';
import { namespaceFormSchema, type NamespaceFormValues } from './namespace-schema.ts';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';

interface NamespaceFormProps {
  pending: boolean;
  onSubmit: (values: NamespaceFormValues) => void;
  onCancel: () => void;
}

/** Name validated as the customer types (nothing is sent while it is invalid) and an optional description. */
export function NamespaceForm({ pending, onSubmit, onCancel }: NamespaceFormProps) {
  const { control, handleSubmit } = useForm<NamespaceFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(namespaceFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', description: '' },
  });
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={handleSubmit(onSubmit, revealFirstInvalid)}>
      <FormTextField
        control={control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        helperText={resourceNameHint}
        slotProps={identifierInputProps}
      />
      <FormTextField control={control} name="description" label="Description" multiline />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? 'Creating…' : 'Create namespace'}
        </Button>
      </Stack>
    </Stack>
  );
}
