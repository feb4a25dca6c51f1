import { queryOptions } from '@tanstack/react-query';
import type { QueueRowFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { messageQueuesKey } from '@/lib/query-keys.ts';
import { queueRowFragment } from './queue-fragments.ts';

// The message queues of the list. Kept under the key the router clears when the customer leaves a namespace
// (SPEC §2, guard step 5), as the database clusters are. A namespace's tab (get-namespace-queues.ts) asks for
// the same fields of a queue, so one row type and one set of columns serve both.

const queuesQuery = withFragments(
  graphql(`
    query MessageQueues {
      messageQueues {
        ...QueueRow
      }
    }
  `),
  queueRowFragment,
);

export type QueueRow = QueueRowFragment;

/** Every message queue of the customer, across namespaces. */
export const queuesQueryOptions = () =>
  queryOptions({
    queryKey: [...messageQueuesKey, 'list'],
    queryFn: ({ signal }): Promise<QueueRow[]> =>
      platformRequest(queuesQuery, {}, signal).then((data) => data.messageQueues),
  });
