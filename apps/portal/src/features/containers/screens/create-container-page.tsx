import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { externalConnectionCreateInput } from '@/components/external-access/external-access-values.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { WorkloadFormFrame } from '@/components/workload/workload-form-frame.tsx';
import { useCreateContainer } from '../api/create-container.ts';
import { ContainerForm } from '../components/container-form.tsx';
import { toCreateInput } from '../components/container-input.ts';
import {
  defaultContainerValues,
  externalAccessTarget,
  parsePorts,
  type ContainerFormValues,
} from '../components/container-schema.ts';

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

  const submit = async (values: ContainerFormValues) => {
    const externalConnection = await externalConnectionCreateInput(
      values.externalAccess,
      externalAccessTarget(parsePorts(values.ports) ?? []),
    );
    const created = await createContainer.mutateAsync(
      toCreateInput(namespaceName, values, externalConnection),
    );
    showSnackbar(`Your container ${created.name} is being created`, 'success');
    void navigate({
      to: '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
      params: { namespaceName, containerName: created.name },
    });
  };

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
