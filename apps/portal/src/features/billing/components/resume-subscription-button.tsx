import Button from '@mui/material/Button';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useResumeSubscription } from '../api/resume-subscription.ts';
import { formatDate } from './billing-format.ts';

/** Undoes a cancellation: nothing to confirm, since it only keeps what the customer has. */
export function ResumeSubscriptionButton({ id }: { id: string }) {
  const resume = useResumeSubscription();
  return (
    <Button
      variant="outlined"
      loading={resume.isPending}
      onClick={() =>
        resume.mutate(id, {
          onSuccess: ({ currentPeriodEnd }) =>
            showSnackbar(
              currentPeriodEnd
                ? `Subscription resumed: it renews on ${formatDate(currentPeriodEnd)}.`
                : 'Subscription resumed: it renews again.',
              'success',
            ),
        })
      }
      sx={{ flexShrink: 0 }}
    >
      Resume
    </Button>
  );
}
