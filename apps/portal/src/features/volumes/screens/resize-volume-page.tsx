import { useMemo } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Stack from '@mui/material/Stack';
import { mdiMagnify } from '@mdi/js';
import { getRouteApi, useNavigate } from '@tanstack/react-router';

import { FactsList } from '@/components/facts-list.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { MessagePage } from '@/components/message-page.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useVolume } from '../api/get-volumes.ts';
import { useIncreaseVolume } from '../api/increase-volume.ts';
import { UsageBar } from '../components/usage-bar.tsx';
import { VolumePrice } from '../components/volume-price.tsx';
import { volumeLimits, volumeResizeSchema, type VolumeResizeValues } from '../components/volume-schema.ts';
import { FormButtons } from '@/components/form/form-actions.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { LoadError } from '@/components/load-error.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/volumes/$volumeName/resize');

export function ResizeVolumePage() {
  const { namespaceName, volumeName } = route.useParams();
  const navigate = useNavigate();
  const volume = useVolume(namespaceName, volumeName);
  const backToVolumes = () =>
    void navigate({ to: '/compute/serverless-containers/$namespaceName/volumes', params: { namespaceName } });

  let content;
  if (volume.isError) {
    content = <LoadError title="The volume could not be loaded" onRetry={volume.refetch} />;
  } else if (volume.data === null) {
    return (
      <MessagePage
        icon={mdiMagnify}
        title="Volume not found"
        action={
          <ButtonLink
            to={'/compute/serverless-containers/$namespaceName/volumes'}
            params={{ namespaceName }}
            variant="contained"
          >
            Back to volumes
          </ButtonLink>
        }
      >
        There is no volume called “{volumeName}” in namespace {namespaceName}. It may have been deleted.
      </MessagePage>
    );
  } else if (volume.data) {
    content = <ResizeForm namespace={namespaceName} volume={volume.data} onDone={backToVolumes} />;
  } else {
    content = <LoadingBlock label="Loading volume" variant="rectangular" height={220} />;
  }

  return (
    <>
      <PageHeader title={`Resize volume ${volumeName}`} subtitle="Volumes can grow, but never shrink." />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        {content}
      </Paper>
    </>
  );
}

interface ResizeFormProps {
  namespace: string;
  volume: { name: string; size: number; usage: number; locked: boolean };
  onDone: () => void;
}

function ResizeForm({ namespace, volume, onDone }: ResizeFormProps) {
  const increaseVolume = useIncreaseVolume();
  const schema = useMemo(() => volumeResizeSchema(volume.size), [volume.size]);
  const { control, handleSubmit, setError } = useForm<VolumeResizeValues>({
    shouldFocusError: false,
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { size: String(Math.min(volumeLimits.maxGb, volume.size * 2)) },
  });
  const full = volume.size >= volumeLimits.maxGb;
  const size = useWatch({ control, name: 'size' });
  const sizeError = useFormState({ control, name: 'size' }).errors.size;
  const refused = useServerRefusal({ fieldsOfInput: { size: 'size' }, setError });
  const submit = async ({ size }: VolumeResizeValues) => {
    await increaseVolume.mutateAsync({ namespace, name: volume.name, size: Number(size) });
    showSnackbar(`Volume ${volume.name} is growing to ${size} GB`, 'success');
    onDone();
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)}
      aria-label={`Resize volume ${volume.name}`}
    >
      <FactsList
        facts={[
          { term: 'Current size', value: `${volume.size} GB` },
          { term: 'Used', value: <UsageBar usage={volume.usage} size={volume.size} name={volume.name} /> },
        ]}
      />
      {full ? (
        <Alert severity="info">This volume has the largest size, {volumeLimits.maxGb} GB.</Alert>
      ) : (
        <FormTextField
          control={control}
          name="size"
          label="New size (GB)"
          required
          autoFocus
          type="number"
          helperText={`More than ${volume.size} GB, at most ${volumeLimits.maxGb} GB.`}
          slotProps={{ htmlInput: { min: volume.size + 1, max: volumeLimits.maxGb } }}
        />
      )}
      <VolumePrice size={full ? null : size} invalid={sizeError !== undefined} currentSize={volume.size} />
      {volume.locked && (
        <Alert severity="info">
          A change is being applied to this volume. You can resize it once it is done.
        </Alert>
      )}
      <FormButtons
        submitLabel="Resize volume"
        pendingLabel="Resizing…"
        pending={increaseVolume.isPending}
        refusal={refused.refusal}
        disabled={full || volume.locked}
        onCancel={onDone}
      />
    </Stack>
  );
}
