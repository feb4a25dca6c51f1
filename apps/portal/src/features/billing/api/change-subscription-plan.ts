import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/billing-document.ts';
import { billingRequest } from '@/lib/graphql/billing.ts';
import { invoicesQueryOptions } from './get-invoices.ts';
import { useSubscriptionChange } from './use-subscription-change.ts';

const planChangePreviewQuery = graphql(`
  query SubscriptionPlanChangePreview($id: ID!, $planId: ID!) {
    subscriptionPlanChangePreview(id: $id, planId: $planId) {
      from {
        id
        name
      }
      to {
        id
        name
      }
      timing
      effectiveAt
      chargedNow {
        amountCents
        currency
      }
      nextPeriodPrice {
        amountCents
        currency
      }
      prorationDate
    }
  }
`);

const changePlanMutation = graphql(`
  mutation SubscriptionChangePlan($id: ID!, $planId: ID!, $prorationDate: DateTime) {
    subscriptionChangePlan(id: $id, planId: $planId, prorationDate: $prorationDate) {
      id
      plan {
        id
        name
      }
      pendingPlan {
        id
        name
      }
      pendingPlanAt
    }
  }
`);

/**
 * What moving subscription `id` to plan `planId` would do and charge. Its refusals are shown in the dialog,
 * not the snack bar. Asked again every five minutes while shown: the server takes a preview's prorationDate
 * for ten minutes only, and the charge it shows moves with the time left in the period.
 */
export const planChangePreviewQueryOptions = (id: string, planId: string) =>
  queryOptions({
    queryKey: ['billing-plan-change-preview', id, planId],
    queryFn: async ({ signal }) =>
      (await billingRequest(planChangePreviewQuery, { id, planId }, signal)).subscriptionPlanChangePreview,
    meta: { quietCodes: ['BAD_USER_INPUT', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND'] },
    refetchInterval: 5 * 60_000,
  });

export interface PlanChange {
  id: string;
  planId: string;
  /** The preview's, so that the charge is the one shown; none to drop a waiting downgrade. */
  prorationDate?: string;
}

/**
 * Moves a database cluster's subscription to another plan (an upgrade now, a downgrade at the period's end),
 * or to its current plan to drop a waiting downgrade. An upgrade is invoiced at once: the invoices are asked
 * again too. `inlineErrors` for the dialog, which shows the server's sentence.
 */
export function useChangeSubscriptionPlan({ inlineErrors = false } = {}) {
  const queryClient = useQueryClient();
  return useSubscriptionChange(
    async ({ id, planId, prorationDate }: PlanChange) => {
      const { subscriptionChangePlan } = await billingRequest(changePlanMutation, {
        id,
        planId,
        prorationDate: prorationDate ?? null,
      });
      void queryClient.invalidateQueries({ queryKey: invoicesQueryOptions.queryKey });
      return subscriptionChangePlan;
    },
    { inlineErrors },
  );
}
