import Button from '@mui/material/Button';
import { mdiCreditCardOutline } from '@mdi/js';
import type { PlannedResourceKind } from '../../lib/billing/plan-checkout-requests.ts';
import { MdiIcon } from '../mdi-icon.tsx';
import { usePlanCheckout, type PayableResource } from './use-plan-checkout.ts';

/** What the page's button calls the resource: `Pay for this cluster`. */
const nouns: Record<PlannedResourceKind, string> = { cluster: 'cluster', 'message-queue': 'queue' };

/**
 * Leaves for the checkout of the resource's plan. `compact` is a list row's: a small `Pay` named after the
 * resource, as each row has one.
 */
export function PayButton({
  kind,
  resource,
  compact = false,
}: {
  kind: PlannedResourceKind;
  resource: PayableResource;
  compact?: boolean;
}) {
  const { open, leaving } = usePlanCheckout(kind);
  return (
    <Button
      variant={compact ? 'outlined' : 'contained'}
      size={compact ? 'small' : undefined}
      loading={leaving}
      loadingPosition="start"
      startIcon={<MdiIcon path={mdiCreditCardOutline} />}
      aria-label={compact ? `Pay for ${resource.name}` : undefined}
      onClick={() => open(resource)}
      sx={{ flexShrink: 0 }}
    >
      {compact ? 'Pay' : `Pay for this ${nouns[kind]}`}
    </Button>
  );
}
