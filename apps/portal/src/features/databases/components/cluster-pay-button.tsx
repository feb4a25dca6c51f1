import Button from '@mui/material/Button';
import { mdiCreditCardOutline } from '@mdi/js';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { useClusterCheckout, type PayableCluster } from './cluster-checkout.ts';

/**
 * Leaves for the checkout of the cluster's plan. `compact` is a list row's: a small `Pay` named after the
 * cluster, as each row has one.
 */
export function ClusterPayButton({
  cluster,
  compact = false,
}: {
  cluster: PayableCluster;
  compact?: boolean;
}) {
  const { open, leaving } = useClusterCheckout();
  return (
    <Button
      variant={compact ? 'outlined' : 'contained'}
      size={compact ? 'small' : undefined}
      loading={leaving}
      loadingPosition="start"
      startIcon={<MdiIcon path={mdiCreditCardOutline} />}
      aria-label={compact ? `Pay for ${cluster.name}` : undefined}
      onClick={() => open(cluster)}
      sx={{ flexShrink: 0 }}
    >
      {compact ? 'Pay' : 'Pay for this cluster'}
    </Button>
  );
}
