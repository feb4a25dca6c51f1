import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { FormTextField, identifierInputProps } from '@/components/form/form-text-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useCreateClusterDatabase } from '../api/create-cluster-database.ts';
import type { ClusterAddress } from '../api/get-cluster.ts';
import { ClusterFormDialog } from './cluster-form-dialog.tsx';
import { clusterDatabaseNameSchema, identifierRules } from './cluster-names.ts';

const databaseSchema = z.object({ name: clusterDatabaseNameSchema, description: z.string() });
type DatabaseFormValues = z.infer<typeof databaseSchema>;

export function AddClusterDatabaseDialog({
  cluster,
  open,
  onClose,
  onAdded,
}: {
  cluster: ClusterAddress;
  open: boolean;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const createDatabase = useCreateClusterDatabase(cluster);
  const { control, handleSubmit } = useForm<DatabaseFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(databaseSchema),
    mode: 'onChange',
    defaultValues: { name: '', description: '' },
  });
  const submit = ({ name, description }: DatabaseFormValues) =>
    createDatabase.mutate(
      { name, description: description.trim() || null },
      { onSuccess: () => onAdded(name) },
    );
  return (
    <ClusterFormDialog
      open={open}
      title="Add database"
      submitLabel="Add database"
      pending={createDatabase.isPending}
      error={createDatabase.error}
      onSubmit={handleSubmit(submit, revealFirstInvalid)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label="Database name"
        required
        autoFocus
        autoComplete="off"
        helperText={identifierRules}
        slotProps={identifierInputProps}
      />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        multiline
        helperText="Optional: what the database is for."
      />
    </ClusterFormDialog>
  );
}
