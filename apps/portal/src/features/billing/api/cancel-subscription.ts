import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';
import { useSubscriptionChange } from './use-subscription-change.ts';

const cancelSubscriptionMutation = graphql(`
  mutation SubscriptionCancel($id: ID!) {
    subscriptionCancel(id: $id) {
      id
      currentPeriodEnd
    }
  }
`);

/** Ends a subscription at the end of the period paid for, instead of renewing it. */
export const useCancelSubscription = () =>
  useSubscriptionChange(
    async (id) => (await billingRequest(cancelSubscriptionMutation, { id })).subscriptionCancel,
  );
