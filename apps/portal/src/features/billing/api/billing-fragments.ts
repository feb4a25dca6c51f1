import { graphql } from '@/lib/graphql/billing-document.ts';

// What the portal reads of a plan (a subscription's, the one it moves to, those it may change to, an unpaid
// resource's) and of the customer's billing details (the Billing page's, and whom an invoice is addressed to),
// the same wherever it asks. Every operation asking for one of them spreads its fragment and is sent with it
// (withFragments).

export const billingPlanFragment = graphql(`
  fragment BillingPlanItem on BillingPlan {
    id
    name
    price {
      amountCents
      currency
    }
  }
`);

export const billingDetailsFragment = graphql(`
  fragment BillingDetailsItem on BillingDetails {
    companyName
    address
    vatNumber
    invoiceEmail
  }
`);
