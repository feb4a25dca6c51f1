import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlannedResourceKind } from '../../lib/billing/plan-checkout-requests.ts';
import { formatDateTime } from '../../lib/format.ts';
import { StateChip } from '../state-chip.tsx';
import { PayButton } from './pay-button.tsx';
import { UnpaidChip } from './unpaid-chip.tsx';
import { unpaidStatus, type PlanPaymentFields } from './unpaid-status.ts';
import type { PayableResource } from './use-plan-checkout.ts';

/** A list row's state; for a resource whose plan is not paid, also when it stops and a way to pay for it. */
export function PlannedStateCell({
  kind,
  resource,
}: {
  kind: PlannedResourceKind;
  resource: PayableResource & PlanPaymentFields;
}) {
  const unpaid = unpaidStatus(resource);
  if (!unpaid) return <StateChip state={resource.state} />;
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <StateChip state={resource.state} />
        <UnpaidChip status={unpaid} />
      </Stack>
      {unpaid.kind === 'unpaid' && (
        <Typography variant="caption" color="text.secondary">
          Stops on {formatDateTime(unpaid.stopsAt)}
        </Typography>
      )}
      <PayButton kind={kind} resource={resource} compact />
    </Stack>
  );
}
