import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingOverviewQueryOptions } from './get-billing-overview.ts';

/**
 * A change of one subscription (cancel, resume, change plan), by its id (or the variables it takes). The
 * overview is asked again whatever the outcome: a refusal (CONFLICT) may mean the list on screen is out of
 * date. `inlineErrors`: the dialog the change was made from shows the server's refusal, not the snack bar.
 */
export function useSubscriptionChange<TResult, TVariables = string>(
  change: (variables: TVariables) => Promise<TResult>,
  { inlineErrors = false }: { inlineErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingOverviewQueryOptions.queryKey }),
    meta: { inlineErrors },
  });
}
