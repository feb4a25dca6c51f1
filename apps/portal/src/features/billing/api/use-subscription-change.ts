import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingOverviewQueryOptions } from './get-billing-overview.ts';

/**
 * A change of one subscription (cancel, resume), by its id. The overview is asked again whatever the outcome:
 * a refusal (CONFLICT) may mean the list on screen is out of date.
 */
export function useSubscriptionChange<TResult>(change: (id: string) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingOverviewQueryOptions.queryKey }),
  });
}
