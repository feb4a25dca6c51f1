// The hosted checkout sends the customer back to the namespace list with how it ended:
// `/compute/serverless-containers?checkout=success` or `?checkout=cancelled` (the billing server's return
// addresses). Read on the first screen; what follows is loaded only when it is there.

export const checkoutReturnParameter = 'checkout';

const outcomes = ['success', 'cancelled'] as const;
export type CheckoutReturn = (typeof outcomes)[number];

/** How the checkout ended, from the address's search string (`?checkout=success`); null when it is not a return. */
export function readCheckoutReturn(searchStr: string): CheckoutReturn | null {
  const value = new URLSearchParams(searchStr).get(checkoutReturnParameter);
  return outcomes.find((outcome) => outcome === value) ?? null;
}
