import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SubscriptionStatus } from '../../../gql/billing/graphql.ts';
import { formatMonthlyPrice } from '../../../lib/money.ts';
import { CancelSubscriptionButton } from './cancel-subscription-button.tsx';
import { ResumeSubscriptionButton } from './resume-subscription-button.tsx';
import { periodText, type Subscription } from './subscription-text.ts';

const statuses: Record<
  SubscriptionStatus,
  { label: string; color: 'success' | 'warning' | 'error' | 'default' }
> = {
  ACTIVE: { label: 'active', color: 'success' },
  PAST_DUE: { label: 'payment overdue', color: 'warning' },
  UNPAID: { label: 'unpaid', color: 'error' },
  ENDED: { label: 'ended', color: 'default' },
};

export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  const { label, color } = statuses[status];
  return <Chip size="small" variant="outlined" color={color} label={label} sx={{ fontWeight: 600 }} />;
}

/** Cancel an active subscription that renews; resume a cancelled one while the server allows it. */
function SubscriptionAction({ subscription }: { subscription: Subscription }) {
  if (subscription.status === 'ACTIVE' && !subscription.cancelAtPeriodEnd) {
    return <CancelSubscriptionButton subscription={subscription} />;
  }
  if (subscription.cancelAtPeriodEnd && subscription.resumable) {
    return <ResumeSubscriptionButton id={subscription.id} />;
  }
  return null;
}

/**
 * The customer's subscriptions, newest first: plan, the cluster a cluster's plan is for, price, the period,
 * status, and cancel or resume.
 */
export function SubscriptionList({ subscriptions }: { subscriptions: readonly Subscription[] }) {
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {subscriptions.map((subscription) => (
        <Stack
          component="li"
          key={subscription.id}
          aria-label={subscription.plan.name}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', sm: 'center' },
            pb: 2,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { pb: 0, borderBottom: 0 },
          }}
        >
          <div>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {subscription.plan.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {subscription.resourceName && `Cluster ${subscription.resourceName} · `}
              {subscription.plan.price ? formatMonthlyPrice(subscription.plan.price) : 'Price on request'}
              {' · '}
              {periodText(subscription)}
            </Typography>
          </div>
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', flexShrink: 0 }}
          >
            <SubscriptionStatusChip status={subscription.status} />
            <SubscriptionAction subscription={subscription} />
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
