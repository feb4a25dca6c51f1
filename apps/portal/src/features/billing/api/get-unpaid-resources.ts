import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';

const unpaidResourcesQuery = graphql(`
  query BillingUnpaidResources {
    unpaidResources {
      id
      kind
      name
      namespace
      plan {
        id
        name
        price {
          amountCents
          currency
        }
      }
      unpaidSince
      stopsAt
      stopped
    }
  }
`);

/** What runs without its own plan being paid for (database clusters), oldest first. */
export const unpaidResourcesQueryOptions = queryOptions({
  queryKey: ['billing-unpaid-resources'],
  queryFn: async ({ signal }) => (await billingRequest(unpaidResourcesQuery, {}, signal)).unpaidResources,
});
