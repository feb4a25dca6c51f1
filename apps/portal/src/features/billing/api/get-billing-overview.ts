import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';

// An operation of the billing API (codegen checks the documents of this folder against billing.graphql).
const billingOverviewQuery = graphql(`
  query BillingOverview {
    customer {
      id
      suspendedReason
    }
    subscriptions {
      id
      plan {
        id
        name
        price {
          amountCents
          currency
        }
      }
      status
      resourceName
      currentPeriodEnd
      cancelAtPeriodEnd
      resumable
      pendingPlan {
        id
        name
        price {
          amountCents
          currency
        }
      }
      pendingPlanAt
      planChanges {
        id
        name
        price {
          amountCents
          currency
        }
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
      companyName
      address
      vatNumber
      invoiceEmail
    }
  }
`);

/** Everything the Billing page shows, in one request. */
export const billingOverviewQueryOptions = queryOptions({
  queryKey: ['billing-overview'],
  queryFn: ({ signal }) => billingRequest(billingOverviewQuery, {}, signal),
});
