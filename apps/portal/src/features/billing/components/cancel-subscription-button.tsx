import { lazy } from 'react';
import Box from '@mui/material/Box';
import { LazyDialogButton } from '@/components/lazy-dialog-button.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { endsWhen, whatStops, type Subscription } from './subscription-text.ts';

// The dialog's code comes with the first press (or pointing at the button), not with the Billing page.
const loadConfirmDialog = () => import('@/components/confirm-dialog.tsx');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));
const preload = () => void loadConfirmDialog().catch(() => undefined);

/** When the subscription ends and that it can be resumed until then; then what stops. */
function CancellationText({ subscription }: { subscription: Subscription }) {
  const stops = whatStops(subscription);
  return (
    <>
      <Box component="p" sx={{ m: 0 }}>
        {subscription.plan.name} ends {endsWhen(subscription.currentPeriodEnd)} instead of renewing. Until
        then nothing changes, and you can resume it.
      </Box>
      {stops && (
        <Box component="p" sx={{ mb: 0, mt: 1.5 }}>
          From then on, {stops}.
        </Box>
      )}
    </>
  );
}

/** Ends the subscription at the end of its period, once the customer has read what stops then. */
export function CancelSubscriptionButton({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription();
  return (
    <LazyDialogButton
      label="Cancel subscription"
      busy={cancel.isPending}
      preload={preload}
      dialog={(open, close) => (
        <ConfirmDialog
          open={open}
          title="Cancel subscription?"
          description={<CancellationText subscription={subscription} />}
          confirmLabel="Cancel subscription"
          dismissLabel="Keep subscription"
          pending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(subscription.id, {
              onSuccess: ({ currentPeriodEnd }) =>
                showSnackbar(`Subscription cancelled: it ends ${endsWhen(currentPeriodEnd)}.`, 'success'),
              // A refusal is in the snack bar (the query client's mutation errors), the list behind it refreshed.
              onSettled: close,
            })
          }
          onClose={close}
        />
      )}
    />
  );
}
