import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { externalConnectionPatch } from '@/components/external-access/external-access-values.ts';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { WorkloadFormFrame } from '@/components/workload/workload-form-frame.tsx';
import { useContainer } from '../api/get-container.ts';
import { useModifyContainer } from '../api/modify-container.ts';
import { ContainerForm } from '../components/container-form.tsx';
import { toFormValues, toModifyInput } from '../components/container-input.ts';
import {
  externalAccessTarget,
  parsePorts,
  type ContainerFormValues,
} from '../components/container-schema.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/$containerName/configure');

/** The container form, prefilled; saving sends only what changed (API.md patch semantics). */
export function ConfigureContainerTab() {
  const { namespaceName, containerName } = route.useParams();
  const navigate = useNavigate();
  const container = useContainer(namespaceName, containerName);
  const modifyContainer = useModifyContainer();
  // The form starts from the container as it was when the tab opened; refreshes meanwhile do not reset it.
  const [initialValues, setInitialValues] = useState<ContainerFormValues | null>(null);
  if (!initialValues && container.data) setInitialValues(toFormValues(container.data));
  const toOverview = () =>
    void navigate({
      to: '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
      params: { namespaceName, containerName },
    });

  const submit = async (values: ContainerFormValues) => {
    if (!initialValues) return;
    const externalConnection = await externalConnectionPatch(
      initialValues.externalAccess,
      values.externalAccess,
      externalAccessTarget(parsePorts(values.ports) ?? []),
    );
    const input = toModifyInput(namespaceName, initialValues, values, externalConnection);
    if (!input) return;
    await modifyContainer.mutateAsync(input);
    showSnackbar('Your changes are saved and being applied', 'success');
    toOverview();
  };

  return (
    <WorkloadFormFrame namespace={namespaceName} ready={Boolean(initialValues && container.data)}>
      {(options) =>
        initialValues &&
        container.data && (
          <ContainerForm
            mode="configure"
            namespace={namespaceName}
            initialValues={initialValues}
            {...options}
            pending={modifyContainer.isPending}
            blockedReason={
              container.data.locked
                ? 'A change is being applied to this container. You can save once it is done.'
                : null
            }
            onSubmit={submit}
            onCancel={toOverview}
          />
        )
      }
    </WorkloadFormFrame>
  );
}
