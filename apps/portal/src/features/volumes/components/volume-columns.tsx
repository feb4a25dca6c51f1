import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/tooltip.tsx';
import { mdiArrowExpandVertical } from '@mdi/js';
import type { UseQueryResult } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import type { PriceList } from '@/components/pricing/price-list.ts';
import { priceCell } from '@/components/pricing/price-text.tsx';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import type { NamespaceVolumesQuery } from '@/gql/graphql.ts';
import { formatMoney, multiply } from '@/lib/money.ts';
import { DeleteVolumeButton } from './delete-volume-button.tsx';
import { UsageBar } from './usage-bar.tsx';

export type VolumeRow = NonNullable<NamespaceVolumesQuery['namespace']['volumes']>[number];

const IconButtonLink = createLink(IconButton);

/** The columns after the name; the monthly cost is the size times the price list's GB price. */
export function volumeColumns(
  namespaceName: string,
  priceList: UseQueryResult<PriceList>,
): readonly ResourceColumn<VolumeRow>[] {
  return [
    { id: 'state', header: 'State', cell: (volume) => <StateChip state={volume.state} />, hideBelow: 'sm' },
    {
      id: 'usage',
      header: 'Usage',
      value: (volume) => volume.usage / volume.size,
      cell: (volume) => <UsageBar usage={volume.usage} size={volume.size} name={volume.name} />,
    },
    {
      id: 'containers',
      header: 'Mounted by',
      hideBelow: 'md',
      cell: (volume) =>
        [...volume.containers, ...volume.containerJobs].map((workload) => workload.name).join(', ') || '—',
    },
    {
      id: 'cost',
      header: 'Monthly cost',
      align: 'right',
      // Beside the name, usage and actions it would crowd a phone's row.
      hideBelow: 'sm',
      value: (volume) => volume.size,
      cell: (volume) =>
        priceCell(priceList, ({ volumeGb }) => volumeGb && formatMoney(multiply(volumeGb, volume.size))),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (volume) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title={`Resize volume ${volume.name}`}>
            <span>
              <IconButtonLink
                to={'/compute/serverless-containers/$namespaceName/volumes/$volumeName/resize'}
                params={{ namespaceName, volumeName: volume.name }}
                aria-label={`Resize volume ${volume.name}`}
                size="small"
                disabled={volume.locked}
              >
                <MdiIcon path={mdiArrowExpandVertical} />
              </IconButtonLink>
            </span>
          </Tooltip>
          <DeleteVolumeButton
            namespace={namespaceName}
            name={volume.name}
            users={volume}
            disabled={volume.locked}
          />
        </Stack>
      ),
    },
  ];
}
