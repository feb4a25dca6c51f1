import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewEventsLimit, quietEventsIntervalMs } from '@/components/resource-events.tsx';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerJobQueryKey } from './get-container-job.ts';

const containerJobEventsQuery = graphql(`
  query ContainerJobEvents($namespace: String!, $name: String!, $limit: Int!) {
    containerJob(namespace: $namespace, name: $name) {
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

export const containerJobEventsQueryOptions = (namespace: string, name: string) =>
  queryOptions({
    queryKey: [...containerJobQueryKey(namespace, name), 'events'],
    queryFn: ({ signal }) =>
      platformRequest(containerJobEventsQuery, { namespace, name, limit: overviewEventsLimit }, signal).then(
        (data) => data.containerJob.events,
      ),
    refetchInterval: quietEventsIntervalMs,
    // A missing job is said by the page around the events.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

/** The job's newest events: its runs started and finished, and who changed it (the overview's Events section). */
export function useContainerJobEvents(namespace: string, name: string) {
  return useQuery(containerJobEventsQueryOptions(namespace, name));
}
