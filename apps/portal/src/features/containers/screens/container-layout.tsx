import { useParams } from '@tanstack/react-router';
import { ResourceLayout } from '../../../components/resource-layout.tsx';
import type { RouteTab } from '../../../components/route-tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useContainer } from '../api/get-container.ts';
import { DeleteContainerButton } from '../components/delete-container-button.tsx';

const containerTabs: readonly RouteTab[] = [
  { label: 'Overview', to: paths.containers.overview },
  { label: 'Configure', to: paths.containers.configure },
];

/** Heading, state, delete action and tabs of one container; or why it cannot be shown. */
export function ContainerLayout() {
  const { namespaceName, containerName } = useParams({
    from: '/compute/serverless-containers/$namespaceName/container/$containerName',
  });
  return (
    <ResourceLayout
      kind="container"
      name={containerName}
      namespaceName={namespaceName}
      listTo={paths.namespaces.containers}
      query={useContainer(namespaceName, containerName)}
      actions={(container) => (
        <DeleteContainerButton namespace={namespaceName} name={container.name} disabled={container.locked} />
      )}
      tabs={containerTabs}
      params={{ namespaceName, containerName }}
    />
  );
}
