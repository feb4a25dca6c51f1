import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlannedResourceKind } from '../../lib/billing/plan-checkout-requests.ts';
import { formatDateTime } from '../../lib/format.ts';
import { planPriceText, type PlanPrice } from '../pricing/plan-text.ts';
import { PayButton } from './pay-button.tsx';
import { unpaidStatus, type PlanPaymentFields, type UnpaidStatus } from './unpaid-status.ts';
import type { PayableResource } from './use-plan-checkout.ts';

/** How the notice speaks of the resource: `cluster`, and what a stop keeps (`its databases and users`). */
const wording: Record<PlannedResourceKind, { noun: string; kept: string }> = {
  cluster: { noun: 'cluster', kept: 'its databases and users are kept' },
  'message-queue': { noun: 'message queue', kept: 'its messages and users are kept' },
};

function unpaidText(kind: PlannedResourceKind, status: UnpaidStatus, stoppedAt: string | null | undefined) {
  const { noun, kept } = wording[kind];
  if (status.kind === 'unpaid') {
    return `The plan of this ${noun} is not paid. It will be stopped on ${formatDateTime(status.stopsAt)} unless it is paid; nothing is deleted.`;
  }
  const when = stoppedAt ? ` on ${formatDateTime(stoppedAt)}` : '';
  return `This ${noun} was stopped${when} because its plan is not paid. Pay for it to start it again; ${kept}.`;
}

/**
 * At the top of the page of a resource whose own plan is not paid: when it stops, or that it was stopped for
 * it (`stoppedAt`, when known), and the checkout of its plan with the plan's price. A region rather than an
 * alert: it is the resource's standing, not news to interrupt with.
 */
export function UnpaidPlanAlert({
  kind,
  resource,
  stoppedAt,
}: {
  kind: PlannedResourceKind;
  resource: PayableResource & PlanPaymentFields & { plan: PlanPrice & { id: string; name: string } };
  stoppedAt?: string | null;
}) {
  const status = unpaidStatus(resource);
  if (!status) return null;
  return (
    <Alert
      severity={status.kind === 'stopped' ? 'error' : 'warning'}
      variant="outlined"
      role="region"
      aria-label="Unpaid plan"
    >
      <Typography variant="body2">{unpaidText(kind, status, stoppedAt)}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ mt: 1.5, alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <PayButton kind={kind} resource={resource} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {planPriceText(resource.plan)}
        </Typography>
      </Stack>
    </Alert>
  );
}
