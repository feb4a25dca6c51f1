import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StateChip } from '@/components/state-chip.tsx';
import { formatDateTime } from '@/lib/format.ts';
import type { ClusterRow } from '../api/get-clusters.ts';
import { ClusterPayButton } from './cluster-pay-button.tsx';
import { ClusterPaymentChip } from './cluster-payment-chip.tsx';
import { unpaidStatus } from './cluster-payment.ts';

/** A list row's state; for a cluster whose plan is not paid, also when it stops and a way to pay for it. */
export function ClusterStateCell({ cluster }: { cluster: ClusterRow }) {
  const unpaid = unpaidStatus(cluster);
  if (!unpaid) return <StateChip state={cluster.state} />;
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <StateChip state={cluster.state} />
        <ClusterPaymentChip status={unpaid} />
      </Stack>
      {unpaid.kind === 'unpaid' && (
        <Typography variant="caption" color="text.secondary">
          Stops on {formatDateTime(unpaid.stopsAt)}
        </Typography>
      )}
      <ClusterPayButton cluster={cluster} compact />
    </Stack>
  );
}
