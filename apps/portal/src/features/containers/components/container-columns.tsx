import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline } from '@mdi/js';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PriceList } from '@/components/pricing/price-list.ts';
import { priceCell } from '@/components/pricing/price-text.tsx';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { CopyableAddress } from '@/components/copyable-address.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { Tooltip } from '@/components/tooltip.tsx';
import type { NamespaceContainersQuery } from '@/gql/graphql.ts';
import { formatResources } from '@/components/workload/resources.ts';
import { formatMoneyRange } from '@/lib/money.ts';
import { containerMonthlyCost, runsNoReplica } from './container-cost.ts';
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
      cell: (container) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <StateChip state={container.state} />
          {container.problem && (
            <Tooltip title={container.problem.cause}>
              {/* Focusable, so the cause shows from the keyboard too; read as its label. */}
              <Box
                component="span"
                tabIndex={0}
                role="img"
                aria-label={`Failing: ${container.problem.cause}`}
                data-focus-ring
                sx={{ display: 'inline-flex', color: 'error.main' }}
              >
                <MdiIcon path={mdiAlertCircleOutline} fontSize="small" />
              </Box>
            </Tooltip>
          )}
        </Stack>
      ),
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
        runsNoReplica(container)
          ? 0
          : ((priceList.data && containerMonthlyCost(container, priceList.data)?.low.amountCents) ?? -1),
      cell: (container) =>
        // Replicas are paid while they run: with none running (a failed deploy), it costs nothing now.
        runsNoReplica(container)
          ? 'Nothing: no replica runs'
          : priceCell(priceList, (prices) => {
              const cost = containerMonthlyCost(container, prices);
              return cost && formatMoneyRange(cost.low, cost.high);
            }),
    },
  ];
}
