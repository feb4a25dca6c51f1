import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { messageQueuesKey, namespaceScopeKey } from '@/lib/query-keys.ts';
import { queueDetailsKey, type QueueAddress } from './get-queue.ts';

const deleteQueueMutation = graphql(`
  mutation MessageQueueDelete($queue: MessageQueueResourceInput!) {
    messageQueueDelete(messageQueue: $queue)
  }
`);

/**
 * The lists showing the queue are refreshed, not its own page: that is left at once (reloading it would only
 * find the queue being deleted, or gone).
 */
export function useDeleteQueue(queue: QueueAddress) {
  const queryClient = useQueryClient();
  const ownPage = queueDetailsKey(queue);
  return useMutation({
    mutationFn: () => platformRequest(deleteQueueMutation, { queue }),
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: messageQueuesKey,
        predicate: (query) => !ownPage.every((part, index) => query.queryKey[index] === part),
      });
      void queryClient.invalidateQueries({ queryKey: namespaceScopeKey(queue.namespace) });
    },
  });
}
