import { getRouteApi, linkOptions } from '@tanstack/react-router';
import { ResourceLayout } from '@/components/resource-layout.tsx';
import type { RouteTab } from '@/components/route-tabs.tsx';
import { useContainer } from '../api/get-container.ts';
import { ContainerProblem } from '../components/container-problem.tsx';
import { DeleteContainerButton } from '../components/delete-container-button.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/$containerName');

const containerTabs: readonly RouteTab[] = [
  {
    label: 'Overview',
    to: '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
  },
  {
    label: 'Configure',
    to: '/compute/serverless-containers/$namespaceName/container/$containerName/configure',
  },
  { label: 'Logs', to: '/compute/serverless-containers/$namespaceName/container/$containerName/logs' },
  { label: 'Metrics', to: '/compute/serverless-containers/$namespaceName/container/$containerName/metrics' },
  {
    label: 'Revisions',
    to: '/compute/serverless-containers/$namespaceName/container/$containerName/revisions',
  },
];

/** Heading, state, delete action and tabs of one container; or why it cannot be shown. */
export function ContainerLayout() {
  const { namespaceName, containerName } = route.useParams();
  return (
    <ResourceLayout
      kind="container"
      name={containerName}
      namespaceName={namespaceName}
      list={linkOptions({
        to: '/compute/serverless-containers/$namespaceName/containers',
        params: { namespaceName },
      })}
      query={useContainer(namespaceName, containerName)}
      actions={(container) => (
        <DeleteContainerButton namespace={namespaceName} name={container.name} disabled={container.locked} />
      )}
      banner={(container) => <ContainerProblem container={container} namespaceName={namespaceName} />}
      tabs={containerTabs}
      params={{ namespaceName, containerName }}
    />
  );
}
