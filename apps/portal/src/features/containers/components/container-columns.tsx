import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { CopyableAddress } from '../../../components/copyable-address.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import type { NamespaceContainersQuery } from '../../../gql/graphql.ts';
import { formatResources } from '../../../components/workload/resources.ts';
import { autoscalingRangeText, availabilityText } from './replica-summary.ts';

export type ContainerRow = NonNullable<NamespaceContainersQuery['namespace']['containers']>[number];

/** The columns after the name. */
export const containerColumns: readonly ResourceColumn<ContainerRow>[] = [
  {
    id: 'state',
    header: 'State',
    value: (container) => container.state,
    cell: (container) => <StateChip state={container.state} />,
  },
  {
    id: 'replicas',
    header: 'Replicas',
    value: (container) => container.availableReplicas,
    // Two lines, each whole: a phone's narrow column would otherwise break the range.
    cell: (container) => {
      const range = autoscalingRangeText(container);
      return (
        <>
          <Box sx={{ whiteSpace: 'nowrap' }}>{availabilityText(container)}</Box>
          {range && <Box sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{range}</Box>}
        </>
      );
    },
  },
  {
    id: 'image',
    header: 'Image',
    value: (container) => container.image,
    cell: (container) => container.image,
    hideBelow: 'sm',
  },
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
