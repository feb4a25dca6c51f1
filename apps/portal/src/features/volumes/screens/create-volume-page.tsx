import { useFormState, useWatch } from 'react-hook-form';
import Paper from '@mui/material/Paper';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { FormButtons } from '@/components/form/form-actions.tsx';
import { FormStack } from '@/components/form/form-stack.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { NewNameField } from '@/components/form/identifier-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useCreateVolume } from '../api/create-volume.ts';
import { VolumePrice } from '../components/volume-price.tsx';
import { volumeFormSchema, volumeLimits, type VolumeFormValues } from '../components/volume-schema.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/volumes/new');

export function CreateVolumePage() {
  const { namespaceName } = route.useParams();
  const navigate = useNavigate();
  const createVolume = useCreateVolume();
  const { control, handleSubmit, setError } = useZodForm(volumeFormSchema, { name: '', size: '10' });
  const refused = useServerRefusal({ fieldsOfInput: { name: 'name', size: 'size' }, setError });
  const size = useWatch({ control, name: 'size' });
  const sizeError = useFormState({ control, name: 'size' }).errors.size;
  const backToVolumes = () =>
    void navigate({ to: '/compute/serverless-containers/$namespaceName/volumes', params: { namespaceName } });
  const submit = async ({ name, size }: VolumeFormValues) => {
    const created = await createVolume.mutateAsync({ namespace: namespaceName, name, size: Number(size) });
    showSnackbar(`Volume ${created.name} is being created`, 'success');
    backToVolumes();
  };

  return (
    <>
      <PageHeader title="Create volume" subtitle={`Storage for containers in namespace ${namespaceName}.`} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        <FormStack onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)} label="New volume">
          <NewNameField control={control} name="name" />
          <FormTextField
            control={control}
            name="size"
            label="Size (GB)"
            required
            type="number"
            helperText={`${volumeLimits.minGb} to ${volumeLimits.maxGb} GB. A volume can grow later, but never shrink.`}
            slotProps={{ htmlInput: { min: volumeLimits.minGb, max: volumeLimits.maxGb } }}
          />
          <VolumePrice size={size} invalid={sizeError !== undefined} />
          <FormButtons
            submitLabel="Create volume"
            pendingLabel="Creating…"
            pending={createVolume.isPending}
            refusal={refused.refusal}
            onCancel={backToVolumes}
          />
        </FormStack>
      </Paper>
    </>
  );
}
