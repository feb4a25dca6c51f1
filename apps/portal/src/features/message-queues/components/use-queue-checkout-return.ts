import { useMemo } from 'react';
import { linkOptions, useRouterState } from '@tanstack/react-router';
import { usePlanCheckoutReturn } from '@/components/planned-resource/use-plan-checkout-return.ts';
import { useAccount } from '@/lib/auth/queries.ts';
import { readCheckoutReturn } from '@/lib/billing/checkout-return.ts';
import { latestPlanCheckoutRequest, type PlanCheckoutRequest } from '@/lib/billing/plan-checkout-requests.ts';

/** Where a queue plan's checkout comes back to: the page of the queue it was for. */
const queuePage = (request: PlanCheckoutRequest) =>
  linkOptions({
    to: '/storage/message-queues/$namespaceName/$queueName',
    params: { namespaceName: request.namespace, queueName: request.name },
  });

/**
 * The checkout of a queue's plan comes back to the list (`?checkout=success|cancelled`): says how it went and
 * opens the queue it was for.
 */
export function useQueueCheckoutReturn() {
  const accountId = useAccount().data?.id;
  const checkout = useRouterState({ select: ({ location }) => readCheckoutReturn(location.searchStr) });
  // Which queue it was for, decided once per return.
  const checkoutReturn = useMemo(
    () =>
      checkout && accountId
        ? { checkout, request: latestPlanCheckoutRequest('message-queue', accountId) }
        : null,
    [checkout, accountId],
  );
  usePlanCheckoutReturn('message-queue', checkoutReturn, accountId, queuePage);
}
