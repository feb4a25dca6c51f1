import Button from '@mui/material/Button';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useChangeSubscriptionPlan } from '../api/change-subscription-plan.ts';
import { planLabel } from './plan-change-text.ts';
import type { Subscription } from './subscription-text.ts';

/**
 * Drops a downgrade waiting for the period's end (the current plan asked for again): nothing to confirm,
 * since it only keeps what the customer has. A refusal is in the snack bar.
 */
export function KeepPlanButton({ subscription }: { subscription: Subscription }) {
  const keep = useChangeSubscriptionPlan();
  const current = planLabel(subscription.plan);
  return (
    <Button
      variant="outlined"
      loading={keep.isPending}
      onClick={() =>
        keep.mutate(
          { id: subscription.id, planId: subscription.plan.id },
          {
            onSuccess: () =>
              showSnackbar(`${current} is kept: the plan no longer changes at the period's end.`, 'success'),
          },
        )
      }
      sx={{ flexShrink: 0 }}
    >
      Keep {current}
    </Button>
  );
}
