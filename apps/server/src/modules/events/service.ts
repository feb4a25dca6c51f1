import type { Db } from '../../db/client.ts';
import { badInput } from '../../errors.ts';
import { decodeCursor, eventsOf, pruneEvents, type EventKind, type EventResource } from './store.ts';

const MAX_EVENTS = 200;

/** Events of resources the caller has already found as the signed-in customer's. */
export function createEventService(deps: { db: Db }) {
  return {
    list(
      resource: EventResource,
      query: { limit?: number | null; after?: string | null; kinds?: EventKind[] | null },
    ) {
      const limit = query.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EVENTS)
        throw badInput('limit', `limit must be a whole number from 1 to ${MAX_EVENTS}`);
      const after = query.after == null ? undefined : decodeCursor(query.after);
      if (query.after != null && !after)
        throw badInput('after', 'after must be the cursor of an event of this list');
      return eventsOf(deps.db, resource, {
        limit,
        ...(after ? { after } : {}),
        ...(query.kinds ? { kinds: query.kinds } : {}),
      });
    },
    prune: (now?: Date) => pruneEvents(deps.db, now),
  };
}

export type EventService = ReturnType<typeof createEventService>;
