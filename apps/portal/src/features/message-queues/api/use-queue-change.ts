import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueDetailsKey, type QueueAddress } from './get-queue.ts';

// The changes made on a queue's details page. Each returns at once and locks the queue while it is applied
// (API.md): the page then reloads the queue and follows it until it is unlocked. A change while it is locked
// is refused (CONFLICT) with a message shown where the change was asked for.

/** A change of `queue`; the queue is reloaded once it is accepted. */
export function useQueueChange<TVariables>(
  queue: QueueAddress,
  change: (variables: TVariables) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueDetailsKey(queue) }),
    meta: { inlineErrors: true },
  });
}
