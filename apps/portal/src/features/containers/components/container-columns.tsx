import Stack from '@mui/material/Stack';
import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { CopyableAddress } from '../../../components/copyable-address.tsx';
import { TextLink } from '../../../components/router-links.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import type { NamespaceContainersQuery } from '../../../gql/graphql.ts';
import { formatResources } from '../../../components/workload/resources.ts';

export type ContainerRow = NonNullable<NamespaceContainersQuery['namespace']['containers']>[number];

export function containerColumns(namespaceName: string): readonly ResourceColumn<ContainerRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (container) => (
        <TextLink
          to={'/compute/serverless-containers/$namespaceName/container/$containerName'}
          params={{ namespaceName, containerName: container.name }}
          sx={{ fontWeight: 600 }}
        >
          {container.name}
        </TextLink>
      ),
    },
    { id: 'state', header: 'State', cell: (container) => <StateChip state={container.state} /> },
    {
      id: 'replicas',
      header: 'Available/desired',
      align: 'right',
      cell: (container) => `${container.availableReplicas}/${container.numberOfReplicas}`,
    },
    { id: 'image', header: 'Image', cell: (container) => container.image, hideBelow: 'sm' },
    {
      id: 'size',
      header: 'Size',
      cell: (container) => formatResources(container.resources),
      hideBelow: 'md',
    },
    {
      id: 'addresses',
      header: 'Addresses',
      hideBelow: 'md',
      cell: (container) =>
        container.ingresses.length ? (
          <Stack spacing={0.5}>
            {container.ingresses.map((ingress) => (
              <CopyableAddress key={ingress.id} url={ingress.url} />
            ))}
          </Stack>
        ) : (
          '—'
        ),
    },
  ];
}
