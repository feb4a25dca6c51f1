import { useState } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ResourceEventKind } from '../gql/graphql.ts';
import { graphql } from '../lib/graphql/document.ts';
import {
  overviewEventsLimit,
  quietEventsIntervalMs,
  type EventKindFilter,
  type ResourceEventItem,
} from './resource-events.tsx';

// One event as an overview's Events section shows it (ResourceEvents): each resource's events query spreads
// it and is sent with it (withFragments).
export const resourceEventRowFragment = graphql(`
  fragment ResourceEventRow on ResourceEvent {
    id
    cursor
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

/** A page of events to ask for: the newest `limit` older than `after` (a cursor), of `kinds` only if given. */
export interface EventsPage {
  limit: number;
  after?: string;
  kinds?: ResourceEventKind[];
}

/**
 * A resource's events, newest first, a page at a time (older pages asked for by the reader), of the kind
 * picked; under the key of the resource's own query, so that what refreshes the resource refreshes its events
 * too. `fetchEvents` asks the platform for one page.
 */
export function useResourceEvents<TEvent extends ResourceEventItem>(
  resourceKey: QueryKey,
  fetchEvents: (page: EventsPage, signal: AbortSignal) => Promise<readonly TEvent[]>,
) {
  const [kind, setKind] = useState<EventKindFilter>('ALL');
  const query = useInfiniteQuery({
    queryKey: [...resourceKey, 'events', kind],
    queryFn: ({ pageParam, signal }) =>
      fetchEvents(
        {
          limit: overviewEventsLimit,
          ...(pageParam ? { after: pageParam } : {}),
          ...(kind === 'ALL' ? {} : { kinds: [kind] }),
        },
        signal,
      ),
    initialPageParam: '',
    // A page shorter than asked is the last one.
    getNextPageParam: (last) => (last.length < overviewEventsLimit ? undefined : last.at(-1)?.cursor),
    refetchInterval: quietEventsIntervalMs,
    // A missing resource is said by the page around the events.
    meta: { quietCodes: ['NOT_FOUND'] },
  });
  return { query, kind, setKind };
}
