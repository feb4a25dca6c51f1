import { useQuery, type QueryKey } from '@tanstack/react-query';
import { graphql } from '../lib/graphql/document.ts';
import { overviewEventsLimit, quietEventsIntervalMs, type ResourceEventItem } from './resource-events.tsx';

// One event as an overview's Events section shows it (ResourceEvents): each resource's events query spreads
// it and is sent with it (withFragments).
export const resourceEventRowFragment = graphql(`
  fragment ResourceEventRow on ResourceEvent {
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
`);

/**
 * A resource's newest events, under the key of the resource's own query, so that what refreshes the resource
 * refreshes its events too. `fetchEvents` asks for the newest `limit` of them.
 */
export function useResourceEvents<TEvent extends ResourceEventItem>(
  resourceKey: QueryKey,
  fetchEvents: (limit: number, signal: AbortSignal) => Promise<readonly TEvent[]>,
) {
  return useQuery({
    queryKey: [...resourceKey, 'events'],
    queryFn: ({ signal }) => fetchEvents(overviewEventsLimit, signal),
    refetchInterval: quietEventsIntervalMs,
    // A missing resource is said by the page around the events.
    meta: { quietCodes: ['NOT_FOUND'] },
  });
}
