import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';
import { withFragments } from '@/lib/graphql/document.ts';
import { billingDetailsFragment, billingPlanFragment } from './billing-fragments.ts';

// An operation of the billing API (codegen checks the documents of this folder against billing.graphql).
const billingOverviewQuery = withFragments(
  graphql(`
    query BillingOverview {
      customer {
        id
        suspendedReason
      }
      subscriptions {
        id
        plan {
          ...BillingPlanItem
        }
        status
        resourceName
        currentPeriodEnd
        cancelAtPeriodEnd
        resumable
        pendingPlan {
          ...BillingPlanItem
        }
        pendingPlanAt
        planChanges {
          ...BillingPlanItem
        }
        createdAt
        endedAt
      }
      paymentMethod {
        brand
        last4
        expiryMonth
        expiryYear
      }
      billingDetails {
        ...BillingDetailsItem
      }
    }
  `),
  billingPlanFragment,
  billingDetailsFragment,
);

/** Everything the Billing page shows, in one request. */
export const billingOverviewQueryOptions = queryOptions({
  queryKey: ['billing-overview'],
  queryFn: ({ signal }) => billingRequest(billingOverviewQuery, {}, signal),
});
