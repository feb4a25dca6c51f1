import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PriceList } from '@/components/pricing/price-list.ts';
import { priceCell } from '@/components/pricing/price-text.tsx';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { CopyableAddress } from '@/components/copyable-address.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import type { NamespaceContainersQuery } from '@/gql/graphql.ts';
import { formatResources } from '@/components/workload/resources.ts';
import { formatMoneyRange } from '@/lib/money.ts';
import { containerMonthlyCost } from './container-cost.ts';
import { autoscalingRangeText, availabilityText } from './replica-summary.ts';

export type ContainerRow = NonNullable<NamespaceContainersQuery['namespace']['containers']>[number];

/** The columns after the name; the monthly cost from the price list. */
export function containerColumns(
  priceList: UseQueryResult<PriceList>,
): readonly ResourceColumn<ContainerRow>[] {
  return [
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
      // Whole figures on two lines at most: a narrow column broke "vCPU" in two.
      cell: (container) => (
        <Box component="span" sx={{ overflowWrap: 'normal' }}>
          {formatResources(container.resources)}
        </Box>
      ),
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
    {
      id: 'cost',
      header: 'Monthly cost',
      align: 'right',
      // Beside the name and replicas it would crowd a phone's row.
      hideBelow: 'sm',
      value: (container) =>
        (priceList.data && containerMonthlyCost(container, priceList.data)?.low.amountCents) ?? -1,
      cell: (container) =>
        priceCell(priceList, (prices) => {
          const cost = containerMonthlyCost(container, prices);
          return cost && formatMoneyRange(cost.low, cost.high);
        }),
    },
  ];
}
