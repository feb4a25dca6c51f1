import type { AllowListInput, ExternalConnectionInput } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { QueueAddress } from './get-queue.ts';
import { useQueueChange } from './use-queue-change.ts';

// The queue's changes from its page: its allowlist and its external connection, each a patch.

const modifyQueueMutation = graphql(`
  mutation MessageQueueModify($input: MessageQueueModifyInput!) {
    messageQueueModify(messageQueue: $input) {
      id
      state
      locked
      ingress {
        id
        allowList
      }
    }
  }
`);

/** Changes the allowlist with a patch keyed by entry: PRESENT adds one, ABSENT takes one away. */
export function useChangeQueueAllowlist(queue: QueueAddress) {
  return useQueueChange(queue, (allowList: AllowListInput[]) =>
    platformRequest(modifyQueueMutation, { input: { ...queue, allowList } }),
  );
}

/** Adds, changes (a patch) or removes (state ABSENT) the queue's external connection. */
export function useChangeQueueConnection(queue: QueueAddress) {
  return useQueueChange(queue, (externalConnection: ExternalConnectionInput) =>
    platformRequest(modifyQueueMutation, { input: { ...queue, externalConnection } }),
  );
}
