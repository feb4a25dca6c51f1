import { queryOptions } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { messageQueuesKey, namespaceScopeKey } from '@/lib/query-keys.ts';
import type { QueueRow } from './get-queues.ts';
import { queueRowFragment } from './queue-fragments.ts';

const namespaceQueuesQuery = withFragments(
  graphql(`
    query NamespaceMessageQueues($namespace: String!) {
      namespace(name: $namespace) {
        id
        messageQueues {
          ...QueueRow
        }
      }
    }
  `),
  queueRowFragment,
);

/** The message queues of one namespace (its Message queues tab). */
export const namespaceQueuesQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), ...messageQueuesKey],
    queryFn: ({ signal }): Promise<QueueRow[]> =>
      platformRequest(namespaceQueuesQuery, { namespace }, signal).then(
        (data) => data.namespace.messageQueues,
      ),
  });
