import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { QueueAddress } from './get-queue.ts';
import { useQueueChange } from './use-queue-change.ts';

// The public API reuses the cluster's input for a queue's user: `cluster` names the queue, and the
// permissions mean nothing here.
const modifyUserMutation = graphql(`
  mutation MessageQueueUserModify($input: CloudDatabaseClusterUserModifyInput!) {
    messageQueueUserModify(userInput: $input) {
      name
      status
    }
  }
`);

/** Gives the user a new password the platform makes (password null), which only a reveal shows. */
export function useResetQueueUserPassword(queue: QueueAddress) {
  return useQueueChange(queue, (name: string) =>
    platformRequest(modifyUserMutation, {
      input: { cluster: queue, user: { name, password: null, permissions: [] } },
    }),
  );
}
