import * as z from 'zod/mini';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { NewNameField } from '@/components/form/identifier-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
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
  const { control, handleSubmit, setError } = useZodForm(databaseSchema, { name: '', description: '' });
  const refused = useServerRefusal({
    fieldsOfInput: { 'database.name': 'name', 'database.description': 'description' },
    setError,
  });
  const submit = async ({ name, description }: DatabaseFormValues) => {
    await createDatabase.mutateAsync({ name, description: description.trim() || null });
    onAdded(name);
  };
  return (
    <ClusterFormDialog
      open={open}
      title="Add database"
      pending={createDatabase.isPending}
      refusal={refused.refusal}
      onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)}
      onClose={onClose}
    >
      <NewNameField control={control} name="name" label="Database name" helperText={identifierRules} />
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
