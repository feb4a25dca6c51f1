import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageQueueCreateInput } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { messageQueuesKey, namespaceScopeKey } from '@/lib/query-keys.ts';
import { queueRowFragment } from './queue-fragments.ts';

const createQueueMutation = withFragments(
  graphql(`
    mutation MessageQueueCreate($input: MessageQueueCreateInput!) {
      messageQueueCreate(messageQueue: $input) {
        ...QueueRow
      }
    }
  `),
  queueRowFragment,
);

export function useCreateQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessageQueueCreateInput) =>
      platformRequest(createQueueMutation, { input }).then((data) => data.messageQueueCreate),
    onSuccess: (_created, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageQueuesKey }),
        queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
      ]),
    // The form shows the platform's refusal on the field it names.
    meta: { inlineErrors: true },
  });
}
