import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { showSnackbar } from '../snackbar/snackbar-store.ts';
import { subscribedTo } from '../../lib/auth/access.ts';
import { permissionsQueryOptions } from '../../lib/auth/queries.ts';
import { pollUntilGranted } from '../../lib/billing/poll-until-granted.ts';
import {
  clearSubscriptionRequest,
  markSubscriptionRequested,
  useSubscriptionRequestedAt,
  type SubscriptionProduct,
} from '../../lib/billing/subscription-request.ts';
import {
  checkoutCancelledMessage,
  checkoutReturnParameter,
  subscriptionReceivedMessage,
  type CheckoutReturn,
} from '../../lib/billing/checkout-return.ts';

/** What each product's activation says: the SPEC's words for serverless containers, the same for databases. */
const activationTexts: Record<SubscriptionProduct, { timedOut: string; active: string; waiting: string }> = {
  'serverless-container': {
    timedOut:
      'Your subscription request to serverless containers cannot be done at the moment, try again later.',
    active: 'Your subscription is active: you can now create without limits.',
    waiting: 'creating without limits becomes available here as soon as it is active.',
  },
  'cloud-database': {
    timedOut: 'Your subscription request to cloud databases cannot be done at the moment, try again later.',
    active: 'Your cloud databases subscription is active: you can now create database clusters.',
    waiting: 'cloud databases open here as soon as it is active.',
  },
};

/**
 * Takes the customer back from the hosted checkout and waits for the product's subscription to give
 * `create`: says the request was received, shows that access is being activated while permissions are
 * asked for again, then either refreshes what the screens show (create buttons appear) or warns that it did
 * not happen. Loaded only for a customer coming back from checkout or with a request pending.
 */
export function SubscriptionActivation({
  accountId,
  checkout,
  product = 'serverless-container',
}: {
  accountId: string;
  checkout: CheckoutReturn | null;
  product?: SubscriptionProduct;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const requestedAt = useSubscriptionRequestedAt(accountId, product);
  const texts = activationTexts[product];

  useEffect(() => {
    if (!checkout) return;
    if (checkout === 'success') {
      markSubscriptionRequested(accountId, Date.now(), product);
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
  }, [accountId, checkout, product, router]);

  useEffect(() => {
    if (requestedAt === null) return;
    const controller = new AbortController();
    const isGranted = () =>
      queryClient
        // Fetching puts the answer in the session's permissions, so every screen sees the new access at once.
        .fetchQuery({ ...permissionsQueryOptions(), staleTime: 0 })
        .then((permissions) => subscribedTo(permissions, product))
        .catch(() => false);
    pollUntilGranted({ requestedAt, isGranted, signal: controller.signal }).then(
      (granted) => {
        clearSubscriptionRequest(accountId, product);
        showSnackbar(granted ? texts.active : texts.timedOut, granted ? 'success' : 'warning');
      },
      () => undefined, // Aborted: the screen went away or the request changed; the new effect carries on.
    );
    return () => controller.abort();
  }, [accountId, requestedAt, product, texts, queryClient]);

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
      This takes up to 30 seconds once the payment is confirmed. You can keep working; {texts.waiting}
    </Alert>
  );
}
