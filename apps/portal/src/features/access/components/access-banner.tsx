import { lazy, Suspense } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useAccess, useAccount } from '@/lib/auth/queries.ts';
import { checkoutProductAt, readCheckoutReturn } from '@/lib/billing/checkout-return.ts';
import { useSubscriptionRequestedAt } from '@/lib/billing/subscription-request.ts';

// Few customers are suspended or subscribing at a given moment: the notices' code is loaded only for them.
const SuspendedNotice = lazy(() =>
  import('@/components/subscription/on-demand.ts').then((module) => ({
    default: module.SuspendedNotice,
  })),
);
const UnconfirmedEmailNotice = lazy(() =>
  import('@/components/subscription/on-demand.ts').then((module) => ({
    default: module.UnconfirmedEmailNotice,
  })),
);
const SubscriptionActivation = lazy(() =>
  import('@/components/subscription/on-demand.ts').then((module) => ({
    default: module.SubscriptionActivation,
  })),
);

// Pages that give a suspended customer the reason themselves: the Billing page (with how a payment lifts it)
// and the not-allowed page.
const pagesSayingSuspension = /^\/(account\/billing|not-allowed)\/?$/;
// The Account page says an address is unconfirmed itself, beside sending the link again.
const pageSayingUnconfirmed = /^\/account\/?$/;

/**
 * Tells a suspended customer why creating is off, and what lifts the suspension; a new one that its address
 * waits for confirming; takes a customer
 * back from the serverless-containers checkout and shows that subscription being activated (the cloud
 * databases' pages take their own checkouts back).
 */
export function AccessBanner() {
  const access = useAccess();
  const account = useAccount();
  const accountId = account.data?.id;
  const checkout = useRouterState({
    select: ({ location }) =>
      checkoutProductAt(location.pathname) === 'serverless-container'
        ? readCheckoutReturn(location.searchStr)
        : null,
  });
  const pending = useSubscriptionRequestedAt(accountId) !== null;
  const saidByPage = useRouterState({
    select: ({ location }) => pagesSayingSuspension.test(location.pathname),
  });
  const onAccountPage = useRouterState({
    select: ({ location }) => pageSayingUnconfirmed.test(location.pathname),
  });
  return (
    <>
      {accountId && (checkout || pending) && (
        <Suspense>
          <SubscriptionActivation accountId={accountId} checkout={checkout} />
        </Suspense>
      )}
      {account.data?.emailVerified === false && !access?.suspended && !onAccountPage && (
        <Suspense>
          <UnconfirmedEmailNotice email={account.data.email} />
        </Suspense>
      )}
      {access?.suspended && !saidByPage && (
        <Suspense>
          <SuspendedNotice />
        </Suspense>
      )}
    </>
  );
}
