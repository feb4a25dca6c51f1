import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SubscriptionStatus } from '@/gql/billing/graphql.ts';
import { formatMonthlyPrice } from '@/lib/money.ts';
import { CancelSubscriptionButton } from './cancel-subscription-button.tsx';
import { ChangePlanButton } from './change-plan-button.tsx';
import { KeepPlanButton } from './keep-plan-button.tsx';
import { pendingPlanText, planChoices } from './plan-change-text.ts';
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

/** A downgrade waiting for the period's end; none once the subscription is cancelled (it ends instead). */
const pendingPlanOf = (subscription: Subscription) =>
  subscription.pendingPlan && !subscription.cancelAtPeriodEnd && subscription.status !== 'ENDED'
    ? subscription.pendingPlan
    : null;

/**
 * Change a database cluster's plan while the server offers other plans, keep the current one instead of a
 * waiting downgrade; cancel an active subscription that renews; resume a cancelled one while the server
 * allows it.
 */
function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  return (
    <>
      {pendingPlanOf(subscription) && <KeepPlanButton subscription={subscription} />}
      {planChoices(subscription).length > 0 && <ChangePlanButton subscription={subscription} />}
      {subscription.status === 'ACTIVE' && !subscription.cancelAtPeriodEnd && (
        <CancelSubscriptionButton subscription={subscription} />
      )}
      {subscription.cancelAtPeriodEnd && subscription.resumable && (
        <ResumeSubscriptionButton id={subscription.id} />
      )}
    </>
  );
}

/**
 * The customer's subscriptions, newest first: plan, the cluster a cluster's plan is for, price, the period,
 * status, a plan change waiting for the period's end; change plan, keep the plan, cancel or resume.
 */
export function SubscriptionList({ subscriptions }: { subscriptions: readonly Subscription[] }) {
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {subscriptions.map((subscription) => {
        const pendingPlan = pendingPlanOf(subscription);
        return (
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
            {/* Beside the actions on a wide screen, never narrower than a plan's name reads well: the
                actions wrap instead. */}
            <Box sx={{ flex: { sm: '1 0 18rem' }, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {subscription.plan.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {subscription.resourceName && `Cluster ${subscription.resourceName} · `}
                {subscription.plan.price ? formatMonthlyPrice(subscription.plan.price) : 'Price on request'}
                {' · '}
                {periodText(subscription)}
              </Typography>
              {pendingPlan && (
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {pendingPlanText(pendingPlan, subscription.pendingPlanAt)}
                </Typography>
              )}
            </Box>
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{
                alignItems: 'center',
                flexWrap: 'wrap',
                flexShrink: 1,
                justifyContent: { sm: 'flex-end' },
              }}
            >
              <SubscriptionStatusChip status={subscription.status} />
              <SubscriptionActions subscription={subscription} />
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
