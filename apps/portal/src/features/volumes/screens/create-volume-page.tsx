import { useForm, useFormState, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { FormTextField, identifierInputProps, resourceNameHint } from '@/components/form/form-text-field.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useCreateVolume } from '../api/create-volume.ts';
import { VolumePrice } from '../components/volume-price.tsx';
import { volumeFormSchema, volumeLimits, type VolumeFormValues } from '../components/volume-schema.ts';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/volumes/new');

export function CreateVolumePage() {
  const { namespaceName } = route.useParams();
  const navigate = useNavigate();
  const createVolume = useCreateVolume();
  const { control, handleSubmit } = useForm<VolumeFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(volumeFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', size: '10' },
  });
  const size = useWatch({ control, name: 'size' });
  const sizeError = useFormState({ control, name: 'size' }).errors.size;
  const backToVolumes = () =>
    void navigate({ to: '/compute/serverless-containers/$namespaceName/volumes', params: { namespaceName } });
  const submit = ({ name, size }: VolumeFormValues) =>
    createVolume.mutate(
      { namespace: namespaceName, name, size: Number(size) },
      {
        onSuccess: (created) => {
          showSnackbar(`Volume ${created.name} is being created`, 'success');
          backToVolumes();
        },
      },
    );

  return (
    <>
      <PageHeader title="Create volume" subtitle={`Storage for containers in namespace ${namespaceName}.`} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        <Stack
          component="form"
          noValidate
          spacing={3}
          onSubmit={handleSubmit(submit, revealFirstInvalid)}
          aria-label="New volume"
        >
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
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button color="inherit" onClick={backToVolumes} disabled={createVolume.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={createVolume.isPending}>
              {createVolume.isPending ? 'Creating…' : 'Create volume'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
