import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline } from '@mdi/js';
import { useNavigate, useParams } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showSnackbar } from '../../../components/snackbar/snackbar-store.ts';
import { paths } from '../../../config/paths.ts';
import { useCreateContainer } from '../api/create-container.ts';
import { useContainerFormOptions } from '../api/get-container-form-options.ts';
import { ContainerForm } from '../components/container-form.tsx';
import { toCreateInput } from '../components/container-input.ts';
import { defaultContainerValues, type ContainerFormValues } from '../components/container-schema.ts';

export function CreateContainerPage() {
  const { namespaceName } = useParams({ from: '/compute/serverless-containers/$namespaceName' });
  const navigate = useNavigate();
  const options = useContainerFormOptions(namespaceName);
  const createContainer = useCreateContainer();
  const backToNamespace = () => void navigate({ to: paths.namespaces.containers, params: { namespaceName } });

  const submit = (values: ContainerFormValues) =>
    createContainer.mutate(toCreateInput(namespaceName, values), {
      onSuccess: (created) => {
        showSnackbar(`Your container ${created.name} is being created`, 'success');
        void navigate({
          to: paths.containers.overview,
          params: { namespaceName, containerName: created.name },
        });
      },
    });

  return (
    <>
      <PageHeader title="Create container" subtitle={`In namespace ${namespaceName}`} />
      {options.isError ? (
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
      ) : options.data ? (
        <Stack sx={{ maxWidth: 960 }}>
          <ContainerForm
            mode="create"
            namespace={namespaceName}
            initialValues={defaultContainerValues}
            registries={options.data.registries}
            volumes={options.data.volumes}
            pending={createContainer.isPending}
            onSubmit={submit}
            onCancel={backToNamespace}
          />
        </Stack>
      ) : (
        <Stack spacing={2} aria-busy="true" aria-label="Loading form" sx={{ maxWidth: 960 }}>
          <Skeleton variant="rectangular" height={220} />
          <Skeleton variant="rectangular" height={160} />
        </Stack>
      )}
    </>
  );
}
