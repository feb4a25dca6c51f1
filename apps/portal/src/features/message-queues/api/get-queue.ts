import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueDetailsFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { messageQueuesKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';
import { externalConnectionFragment } from '@/components/external-access/external-connection-fragment.ts';
import { queueDetailsFragment, queuePlanFragment } from './queue-fragments.ts';

// What the details page of one message queue reads. Kept under the key the router clears when the customer
// leaves the namespace.

const queueQuery = withFragments(
  graphql(`
    query MessageQueueDetails($namespace: String!, $name: String!) {
      messageQueue(messageQueue: { namespace: $namespace, name: $name }) {
        ...QueueDetails
      }
    }
  `),
  queueDetailsFragment,
  queuePlanFragment,
  externalConnectionFragment,
);

export type QueueDetails = QueueDetailsFragment;

/** How the API addresses a message queue (MessageQueueResourceInput). */
export interface QueueAddress {
  namespace: string;
  name: string;
}

export const queueDetailsKey = ({ namespace, name }: QueueAddress) =>
  [...messageQueuesKey, 'details', namespace, name] as const;

export const queueDetailsQueryOptions = (queue: QueueAddress) =>
  queryOptions({
    queryKey: queueDetailsKey(queue),
    queryFn: ({ signal }) => platformRequest(queueQuery, queue, signal).then((data) => data.messageQueue),
    // A change locks the queue for a moment: the page follows it until it is applied.
    refetchInterval: pollWhile(isChanging),
    // A missing queue is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useQueueDetails(queue: QueueAddress) {
  return useQuery(queueDetailsQueryOptions(queue));
}
