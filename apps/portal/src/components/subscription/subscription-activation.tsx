import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { showSnackbar } from '../snackbar/snackbar-store.ts';
import { accessStatus } from '../../lib/auth/access.ts';
import { permissionsQueryOptions } from '../../lib/auth/queries.ts';
import { pollUntilGranted } from '../../lib/billing/poll-until-granted.ts';
import {
  clearSubscriptionRequest,
  markSubscriptionRequested,
  useSubscriptionRequestedAt,
} from '../../lib/billing/subscription-request.ts';
import { checkoutReturnParameter, type CheckoutReturn } from '../../lib/billing/checkout-return.ts';

// SPEC §8.
export const subscriptionReceivedMessage = 'Your subscription request has been received.';
export const subscriptionTimedOutMessage =
  'Your subscription request to serverless containers cannot be done at the moment, try again later.';
export const subscriptionActiveMessage = 'Your subscription is active: you can now create without limits.';
export const checkoutCancelledMessage = 'Checkout cancelled. Nothing was charged and your plan is unchanged.';

/**
 * Takes the customer back from the hosted checkout and waits for the subscription to give `create`: says
 * the request was received, shows that access is being activated while permissions are asked for again,
 * then either refreshes what the screens show (create buttons appear) or warns that it did not happen.
 * Loaded only for a customer coming back from checkout or with a request pending.
 */
export function SubscriptionActivation({
  accountId,
  checkout,
}: {
  accountId: string;
  checkout: CheckoutReturn | null;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const requestedAt = useSubscriptionRequestedAt(accountId);

  useEffect(() => {
    if (!checkout) return;
    if (checkout === 'success') {
      markSubscriptionRequested(accountId, Date.now());
      showSnackbar(subscriptionReceivedMessage, 'success');
    } else {
      showSnackbar(checkoutCancelledMessage);
    }
    // Handled once: a reload or a shared link must not start the wait again.
    const { pathname, searchStr, hash } = router.state.location;
    const search = new URLSearchParams(searchStr);
    search.delete(checkoutReturnParameter);
    const rest = search.toString();
    router.history.replace(`${pathname}${rest ? `?${rest}` : ''}${hash ? `#${hash}` : ''}`);
  }, [accountId, checkout, router]);

  useEffect(() => {
    if (requestedAt === null) return;
    const controller = new AbortController();
    const isGranted = () =>
      queryClient
        // Fetching puts the answer in the session's permissions, so every screen sees the new access at once.
        .fetchQuery({ ...permissionsQueryOptions(), staleTime: 0 })
        .then((permissions) => accessStatus(permissions).fullAccess)
        .catch(() => false);
    pollUntilGranted({ requestedAt, isGranted, signal: controller.signal }).then(
      (granted) => {
        clearSubscriptionRequest(accountId);
        showSnackbar(
          granted ? subscriptionActiveMessage : subscriptionTimedOutMessage,
          granted ? 'success' : 'warning',
        );
      },
      () => undefined, // Aborted: the screen went away or the request changed; the new effect carries on.
    );
    return () => controller.abort();
  }, [accountId, requestedAt, queryClient]);

  if (requestedAt === null) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      icon={<CircularProgress size={20} aria-hidden />}
      role="status"
      sx={{ mb: 3 }}
    >
      <AlertTitle>Activating your subscription…</AlertTitle>
      This takes up to 30 seconds once the payment is confirmed. You can keep working; creating without limits
      becomes available here as soon as it is active.
    </Alert>
  );
}
