import { resourceEventRowFragment, useResourceEvents } from '@/components/resource-events-query.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { queueDetailsKey, type QueueAddress } from './get-queue.ts';

const queueEventsQuery = withFragments(
  graphql(`
    query MessageQueueEvents(
      $namespace: String!
      $name: String!
      $limit: Int!
      $after: String
      $kinds: [ResourceEventKind!]
    ) {
      messageQueue(messageQueue: { namespace: $namespace, name: $name }) {
        id
        events(limit: $limit, after: $after, kinds: $kinds) {
          ...ResourceEventRow
        }
      }
    }
  `),
  resourceEventRowFragment,
);

/**
 * The queue's newest events (the page's Events section), which also say when a queue stopped for its unpaid
 * plan was stopped.
 */
export function useQueueEvents(queue: QueueAddress) {
  return useResourceEvents(queueDetailsKey(queue), (page, signal) =>
    platformRequest(queueEventsQuery, { ...queue, ...page }, signal).then((data) => data.messageQueue.events),
  );
}
