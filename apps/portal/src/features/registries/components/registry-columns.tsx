import Stack from '@mui/material/Stack';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { CopyButton } from '@/components/copy-button.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { formatDateTime } from '@/lib/format.ts';
import type { RegistryRow } from '../api/get-registries.ts';
import { DeleteRegistryButton } from './delete-registry-button.tsx';

/** The columns after the name. */
export function registryColumns(namespace: string): readonly ResourceColumn<RegistryRow>[] {
  return [
    {
      id: 'source',
      header: 'Registry',
      value: (registry) => registry.source,
      cell: (registry) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <span>{registry.source}</span>
          <CopyButton value={registry.source} label={`Copy ${registry.source}`} />
        </Stack>
      ),
    },
    { id: 'username', header: 'User name', cell: (registry) => registry.username, hideBelow: 'md' },
    {
      id: 'state',
      header: 'State',
      cell: (registry) => <StateChip state={registry.state} />,
      hideBelow: 'sm',
    },
    {
      id: 'users',
      header: 'Used by',
      hideBelow: 'md',
      cell: (registry) =>
        [...registry.containers, ...registry.containerJobs].map((workload) => workload.name).join(', ') ||
        '—',
    },
    {
      id: 'created',
      header: 'Added',
      value: (registry) => registry.createdAt,
      cell: (registry) => formatDateTime(registry.createdAt),
      hideBelow: 'md',
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (registry) => (
        <DeleteRegistryButton
          namespace={namespace}
          name={registry.name}
          users={registry}
          disabled={registry.locked}
        />
      ),
    },
  ];
}
