import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';
import { useSubscriptionChange } from './use-subscription-change.ts';

const resumeSubscriptionMutation = graphql(`
  mutation SubscriptionResume($id: ID!) {
    subscriptionResume(id: $id) {
      id
      currentPeriodEnd
    }
  }
`);

/** Undoes a cancellation before the period ends: the subscription renews again. */
export const useResumeSubscription = () =>
  useSubscriptionChange(
    async (id) => (await billingRequest(resumeSubscriptionMutation, { id })).subscriptionResume,
  );
