import { useEffect } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import {
  checkoutReturnParameter,
  subscriptionReceivedMessage,
  type CheckoutReturn,
} from '../../lib/billing/checkout-return.ts';
import {
  forgetPlanCheckoutRequest,
  type PlanCheckoutRequest,
  type PlannedResourceKind,
} from '../../lib/billing/plan-checkout-requests.ts';
import type { LinkTarget } from '../router-links.tsx';
import { showSnackbar } from '../snackbar/snackbar-store.ts';

const planCheckoutCancelledMessage = 'Checkout cancelled. Nothing was charged.';

/**
 * Back from the checkout of a resource's own plan (the pages of its kind, `?checkout=success|cancelled`): says
 * how it went and opens the page of the resource it was for (`pageOf`, a function that does not change), or
 * stays on this page, without the return in its address, when that is not known.
 */
export function usePlanCheckoutReturn(
  kind: PlannedResourceKind,
  checkoutReturn: { checkout: CheckoutReturn; request: PlanCheckoutRequest | null } | null,
  accountId: string | undefined,
  pageOf: (request: PlanCheckoutRequest) => LinkTarget,
) {
  const navigate = useNavigate();
  const { pathname, searchStr } = useRouterState({ select: (state) => state.location });
  useEffect(() => {
    if (!checkoutReturn || !accountId) return;
    const { checkout, request } = checkoutReturn;
    showSnackbar(
      checkout === 'success' ? subscriptionReceivedMessage : planCheckoutCancelledMessage,
      checkout === 'success' ? 'success' : undefined,
    );
    if (request) {
      forgetPlanCheckoutRequest(kind, accountId, request.resourceId);
      void navigate({ ...pageOf(request), replace: true });
      return;
    }
    const search = new URLSearchParams(searchStr);
    search.delete(checkoutReturnParameter);
    const rest = search.toString();
    void navigate({ href: `${pathname}${rest ? `?${rest}` : ''}`, replace: true });
    // The navigation takes the return out of the address, which ends it: the effect then has nothing to do.
  }, [kind, checkoutReturn, accountId, pageOf, navigate, pathname, searchStr]);
}
