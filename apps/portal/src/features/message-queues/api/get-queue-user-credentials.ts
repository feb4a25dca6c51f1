import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { QueueAddress } from './get-queue.ts';

const credentialsQuery = graphql(`
  query MessageQueueUserCredentials($namespace: String!, $name: String!, $username: String!) {
    messageQueueUserCredentials(messageQueue: { namespace: $namespace, name: $name }, username: $username) {
      name
      dsn
    }
  }
`);

/**
 * A user's AMQP address with its password, asked for when the customer reveals it (the platform records each
 * request). Run as a mutation, not a query: nothing is cached under a key, and the result is forgotten as soon
 * as the screen showing it lets go of it (gcTime 0).
 */
export function useRevealQueueCredentials() {
  return useMutation({
    mutationFn: ({ queue, username }: { queue: QueueAddress; username: string }) =>
      platformRequest(credentialsQuery, { ...queue, username }).then(
        (data) => data.messageQueueUserCredentials.dsn,
      ),
    gcTime: 0,
  });
}
