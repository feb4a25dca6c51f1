import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';

const invoicesQuery = graphql(`
  query Invoices {
    invoices {
      id
      number
      issuedAt
      periodStart
      periodEnd
      status
      total {
        amountCents
        currency
      }
    }
  }
`);

/** The customer's invoices, newest first. */
export const invoicesQueryOptions = queryOptions({
  queryKey: ['billing-invoices'],
  queryFn: async ({ signal }) => (await billingRequest(invoicesQuery, {}, signal)).invoices,
});
