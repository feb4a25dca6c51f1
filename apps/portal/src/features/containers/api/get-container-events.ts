import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewEventsLimit, quietEventsIntervalMs } from '@/components/resource-events.tsx';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerQueryKey } from './get-container.ts';

const containerEventsQuery = graphql(`
  query ContainerEvents($namespace: String!, $name: String!, $limit: Int!) {
    container(containerResourceInput: { namespace: $namespace, name: $name }) {
      id
      events(limit: $limit) {
        id
        occurredAt
        type
        message
        account {
          email
        }
        changeSet {
          name
          oldValue
          newValue
        }
      }
    }
  }
`);

export const containerEventsQueryOptions = (namespace: string, name: string) =>
  queryOptions({
    queryKey: [...containerQueryKey(namespace, name), 'events'],
    queryFn: ({ signal }) =>
      platformRequest(containerEventsQuery, { namespace, name, limit: overviewEventsLimit }, signal).then(
        (data) => data.container.events,
      ),
    refetchInterval: quietEventsIntervalMs,
    // A missing container is said by the page around the events.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

/** The container's newest events (the overview's Events section). */
export function useContainerEvents(namespace: string, name: string) {
  return useQuery(containerEventsQueryOptions(namespace, name));
}
