import { useState } from 'react';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline } from '@mdi/js';
import { useNavigate, useParams } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { showSnackbar } from '../../../components/snackbar/snackbar-store.ts';
import { paths } from '../../../config/paths.ts';
import { useContainer } from '../api/get-container.ts';
import { useContainerFormOptions } from '../api/get-container-form-options.ts';
import { useModifyContainer } from '../api/modify-container.ts';
import { ContainerForm } from '../components/container-form.tsx';
import { toFormValues, toModifyInput } from '../components/container-input.ts';
import type { ContainerFormValues } from '../components/container-schema.ts';

/** The container form, prefilled; saving sends only what changed (API.md patch semantics). */
export function ConfigureContainer() {
  const { namespaceName, containerName } = useParams({
    from: '/compute/serverless-containers/$namespaceName/container/$containerName',
  });
  const navigate = useNavigate();
  const container = useContainer(namespaceName, containerName);
  const options = useContainerFormOptions(namespaceName);
  const modifyContainer = useModifyContainer();
  // The form starts from the container as it was when the tab opened; refreshes meanwhile do not reset it.
  const [initialValues, setInitialValues] = useState<ContainerFormValues | null>(null);
  if (!initialValues && container.data) setInitialValues(toFormValues(container.data));

  if (options.isError) {
    return (
      <EmptyState
        icon={mdiAlertCircleOutline}
        title="The form could not be prepared"
        description="The registries and volumes of this namespace could not be loaded. Check your connection and try again."
        action={
          <Button variant="outlined" onClick={() => void options.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!initialValues || !options.data || !container.data) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading form" sx={{ maxWidth: 960 }}>
        <Skeleton variant="rectangular" height={220} />
        <Skeleton variant="rectangular" height={160} />
      </Stack>
    );
  }

  const submit = (values: ContainerFormValues) => {
    const input = toModifyInput(namespaceName, initialValues, values);
    if (!input) return;
    modifyContainer.mutate(input, {
      onSuccess: () => {
        showSnackbar('Your changes are saved and being applied', 'success');
        void navigate({ to: paths.containers.overview, params: { namespaceName, containerName } });
      },
    });
  };

  return (
    <Stack sx={{ maxWidth: 960 }}>
      <ContainerForm
        mode="configure"
        namespace={namespaceName}
        initialValues={initialValues}
        registries={options.data.registries}
        volumes={options.data.volumes}
        pending={modifyContainer.isPending}
        blockedReason={
          container.data.locked
            ? 'A change is being applied to this container. You can save once it is done.'
            : null
        }
        onSubmit={submit}
        onCancel={() =>
          void navigate({ to: paths.containers.overview, params: { namespaceName, containerName } })
        }
      />
    </Stack>
  );
}
