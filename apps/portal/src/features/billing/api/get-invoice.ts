import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';
import { withFragments } from '@/lib/graphql/document.ts';
import { billingDetailsFragment } from './billing-fragments.ts';

// The invoice and whom it is addressed to (the billing details as last saved), for the printable page.
const invoiceQuery = withFragments(
  graphql(`
    query Invoice($number: String!) {
      invoice(number: $number) {
        id
        number
        issuedAt
        periodStart
        periodEnd
        status
        issuer {
          name
          address
          vatNumber
        }
        lines {
          description
          amount {
            amountCents
            currency
          }
        }
        subtotal {
          amountCents
          currency
        }
        tax {
          amountCents
          currency
        }
        taxRatePercent
        total {
          amountCents
          currency
        }
        pdfPath
        hostedUrl
      }
      billingDetails {
        ...BillingDetailsItem
      }
    }
  `),
  billingDetailsFragment,
);

export const invoiceQueryOptions = (number: string) =>
  queryOptions({
    queryKey: ['billing-invoices', number],
    queryFn: ({ signal }) => billingRequest(invoiceQuery, { number }, signal),
    // An unknown number is the page's not-found state, not an error to report.
    meta: { quietCodes: ['NOT_FOUND'] },
  });
