import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';

const billingUsageQuery = graphql(`
  query BillingUsage {
    usage {
      startDate
      endDate
      cost {
        amountCents
        currency
      }
      forecast {
        amountCents
        currency
      }
      byResourceType {
        resourceType
        cost {
          amountCents
          currency
        }
      }
      namespaces {
        name
        cost {
          amountCents
          currency
        }
        resources {
          resourceType
          name
          cost {
            amountCents
            currency
          }
        }
      }
    }
  }
`);

/** What this calendar month cost so far, its forecast, and the split by resource type and namespace. */
export const billingUsageQueryOptions = queryOptions({
  queryKey: ['billing-usage'],
  queryFn: async ({ signal }) => (await billingRequest(billingUsageQuery, {}, signal)).usage,
});
