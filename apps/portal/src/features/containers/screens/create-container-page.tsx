import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { WorkloadFormFrame } from '@/components/workload/workload-form-frame.tsx';
import { useCreateContainer } from '../api/create-container.ts';
import { ContainerForm } from '../components/container-form.tsx';
import { toCreateInput } from '../components/container-input.ts';
import { defaultContainerValues, type ContainerFormValues } from '../components/container-schema.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/new');

export function CreateContainerPage() {
  const { namespaceName } = route.useParams();
  const navigate = useNavigate();
  const createContainer = useCreateContainer();
  const backToNamespace = () =>
    void navigate({
      to: '/compute/serverless-containers/$namespaceName/containers',
      params: { namespaceName },
    });

  const submit = (values: ContainerFormValues) =>
    createContainer.mutate(toCreateInput(namespaceName, values), {
      onSuccess: (created) => {
        showSnackbar(`Your container ${created.name} is being created`, 'success');
        void navigate({
          to: '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
          params: { namespaceName, containerName: created.name },
        });
      },
    });

  return (
    <>
      <PageHeader title="Create container" subtitle={`In namespace ${namespaceName}`} />
      <WorkloadFormFrame namespace={namespaceName}>
        {(options) => (
          <ContainerForm
            mode="create"
            namespace={namespaceName}
            initialValues={defaultContainerValues}
            {...options}
            pending={createContainer.isPending}
            onSubmit={submit}
            onCancel={backToNamespace}
          />
        )}
      </WorkloadFormFrame>
    </>
  );
}
