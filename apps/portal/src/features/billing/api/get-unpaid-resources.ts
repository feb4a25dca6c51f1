import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';
import { withFragments } from '@/lib/graphql/document.ts';
import { billingPlanFragment } from './billing-fragments.ts';

const unpaidResourcesQuery = withFragments(
  graphql(`
    query BillingUnpaidResources {
      unpaidResources {
        id
        kind
        name
        namespace
        plan {
          ...BillingPlanItem
        }
        unpaidSince
        stopsAt
        stopped
      }
    }
  `),
  billingPlanFragment,
);

/** What runs without its own plan being paid for (database clusters), oldest first. */
export const unpaidResourcesQueryOptions = queryOptions({
  queryKey: ['billing-unpaid-resources'],
  queryFn: async ({ signal }) => (await billingRequest(unpaidResourcesQuery, {}, signal)).unpaidResources,
});
