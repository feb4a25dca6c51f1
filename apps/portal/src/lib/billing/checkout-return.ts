import type { SubscriptionProduct } from './subscription-request.ts';

// The hosted checkout sends the customer back to the pages of what was bought, with how it ended:
// `/compute/serverless-containers?checkout=success` or `?checkout=cancelled` for the serverless-containers
// subscription, `/storage/databases?checkout=…` for cloud databases and their clusters' plans (the billing
// server's return addresses). Read on the first screen; what follows is loaded only when it is there.

export const checkoutReturnParameter = 'checkout';

// SPEC §8.
export const subscriptionReceivedMessage = 'Your subscription request has been received.';
export const checkoutCancelledMessage = 'Checkout cancelled. Nothing was charged and your plan is unchanged.';

const outcomes = ['success', 'cancelled'] as const;
export type CheckoutReturn = (typeof outcomes)[number];

/** How the checkout ended, from the address's search string (`?checkout=success`); null when it is not a return. */
export function readCheckoutReturn(searchStr: string): CheckoutReturn | null {
  const value = new URLSearchParams(searchStr).get(checkoutReturnParameter);
  return outcomes.find((outcome) => outcome === value) ?? null;
}

/** Whose checkout a return to this path comes from: the cloud databases' pages are under /storage. */
export function checkoutProductAt(pathname: string): SubscriptionProduct {
  return pathname === '/storage' || pathname.startsWith('/storage/')
    ? 'cloud-database'
    : 'serverless-container';
}
