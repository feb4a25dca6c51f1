import { useAccount } from '@/lib/auth/queries.ts';
import { useOpenHostedPage } from '@/lib/billing/use-open-hosted-page.ts';
import {
  forgetClusterSubscriptionRequest,
  recordClusterSubscriptionRequest,
} from './cluster-subscription-requests.ts';

/** What paying for a cluster needs to know of it. */
export interface PayableCluster {
  id: string;
  name: string;
  namespace: { name: string };
  plan: { id: string };
}

/**
 * The hosted checkout of a cluster's own plan, which pays for that cluster (`resourceId` is the cluster's id).
 * The request is recorded first, so that the checkout's return opens this cluster's page; it is forgotten
 * again when the checkout cannot be opened, which the snack bar says (useOpenHostedPage). `leaving` holds from
 * the request until the tab has left, so the button that started it is not pressed twice.
 */
export function useClusterCheckout() {
  const accountId = useAccount().data?.id;
  const checkout = useOpenHostedPage();
  const open = (cluster: PayableCluster, { onError }: { onError?: () => void } = {}) => {
    if (accountId) {
      recordClusterSubscriptionRequest(accountId, {
        clusterId: cluster.id,
        namespace: cluster.namespace.name,
        name: cluster.name,
        requestedAt: Date.now(),
      });
    }
    checkout.mutate(
      { path: '/subscriptions', body: { planId: cluster.plan.id, resourceId: cluster.id } },
      {
        onError: () => {
          if (accountId) forgetClusterSubscriptionRequest(accountId, cluster.id);
          onError?.();
        },
      },
    );
  };
  return { open, leaving: checkout.isPending || checkout.isSuccess };
}
