import { useAccount } from '../../lib/auth/queries.ts';
import {
  forgetPlanCheckoutRequest,
  recordPlanCheckoutRequest,
  type PlannedResourceKind,
} from '../../lib/billing/plan-checkout-requests.ts';
import type { CheckoutStart } from '../../lib/billing/hosted-page.ts';
import { useOpenHostedPage } from '../../lib/billing/use-open-hosted-page.ts';

/** What paying for a resource's own plan needs to know of the resource. */
export interface PayableResource {
  id: string;
  name: string;
  namespace: { name: string };
  plan: { id: string };
}

/**
 * The hosted checkout of a resource's own plan, which pays for that resource (`resourceId` is its id). The
 * request is recorded first, so that the checkout's return opens this resource's page; it is forgotten again
 * when the checkout cannot be opened, which the snack bar says (useOpenHostedPage). `leaving` holds from the
 * request until the tab has left, so the button that started it is not pressed twice. A kind of resource the
 * portal does not know (null) is paid for all the same: its checkout's return stays where it comes back to.
 * `startedOn: 'billing'` brings a cancelled checkout back to the Billing page.
 */
export function usePlanCheckout(
  kind: PlannedResourceKind | null,
  { startedOn }: { startedOn?: CheckoutStart } = {},
) {
  const accountId = useAccount().data?.id;
  const checkout = useOpenHostedPage();
  const open = (resource: PayableResource, { onError }: { onError?: () => void } = {}) => {
    if (accountId && kind) {
      recordPlanCheckoutRequest(kind, accountId, {
        resourceId: resource.id,
        namespace: resource.namespace.name,
        name: resource.name,
        requestedAt: Date.now(),
      });
    }
    checkout.mutate(
      { path: '/subscriptions', body: { planId: resource.plan.id, resourceId: resource.id, startedOn } },
      {
        onError: () => {
          if (accountId && kind) forgetPlanCheckoutRequest(kind, accountId, resource.id);
          onError?.();
        },
      },
    );
  };
  return { open, leaving: checkout.isPending || checkout.isSuccess };
}
