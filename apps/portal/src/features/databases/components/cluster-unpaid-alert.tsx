import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format.ts';
import type { ClusterDetails } from '../api/get-cluster.ts';
import { useUnpaidStopTime } from '../api/get-cluster-unpaid-stop.ts';
import { planPriceText } from './cluster-offer.ts';
import { ClusterPayButton } from './cluster-pay-button.tsx';
import { unpaidStatus, type UnpaidStatus } from './cluster-payment.ts';

function unpaidText(status: UnpaidStatus, stoppedAt: string | null | undefined): string {
  if (status.kind === 'unpaid') {
    return `The plan of this cluster is not paid. It will be stopped on ${formatDateTime(status.stopsAt)} unless it is paid; nothing is deleted.`;
  }
  const when = stoppedAt ? ` on ${formatDateTime(stoppedAt)}` : '';
  return `This cluster was stopped${when} because its plan is not paid. Pay for it to start it again; its databases and users are kept.`;
}

/**
 * At the top of the page of a cluster whose plan is not paid: when it stops, or that it was stopped for it,
 * and the checkout of its plan with the plan's price. A region rather than an alert: it is the cluster's
 * standing, not news to interrupt with.
 */
export function ClusterUnpaidAlert({ cluster }: { cluster: ClusterDetails }) {
  const status = unpaidStatus(cluster);
  const stoppedAt = useUnpaidStopTime(
    { namespace: cluster.namespace.name, name: cluster.name },
    status?.kind === 'stopped',
  ).data;
  if (!status) return null;
  return (
    <Alert
      severity={status.kind === 'stopped' ? 'error' : 'warning'}
      variant="outlined"
      role="region"
      aria-label="Unpaid plan"
    >
      <Typography variant="body2">{unpaidText(status, stoppedAt)}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ mt: 1.5, alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <ClusterPayButton cluster={cluster} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {planPriceText(cluster.plan)}
        </Typography>
      </Stack>
    </Alert>
  );
}
