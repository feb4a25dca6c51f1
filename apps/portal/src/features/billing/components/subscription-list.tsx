import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingOverviewQuery, SubscriptionStatus } from '../../../gql/billing/graphql.ts';
import { formatMonthlyPrice } from '../../../lib/money.ts';
import { formatDate } from './billing-format.ts';

type Subscription = BillingOverviewQuery['subscriptions'][number];

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

/** The period in words: when it renews, until when it is paid, or when it ended. */
function periodText({ status, currentPeriodEnd, endedAt }: Subscription): string {
  if (status === 'ENDED') return endedAt ? `Ended on ${formatDate(endedAt)}` : 'Ended';
  if (!currentPeriodEnd) return 'Period not reported yet';
  return status === 'ACTIVE'
    ? `Renews on ${formatDate(currentPeriodEnd)}`
    : `Paid until ${formatDate(currentPeriodEnd)}`;
}

/** The customer's subscriptions, newest first: plan and price, status, and the period. */
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
            <Typography variant="body2" color="text.secondary">
              {subscription.plan.price ? formatMonthlyPrice(subscription.plan.price) : 'Price on request'}
              {' · '}
              {periodText(subscription)}
            </Typography>
          </div>
          <SubscriptionStatusChip status={subscription.status} />
        </Stack>
      ))}
    </Stack>
  );
}
