import type { Db } from '../../db/client.ts';
import { badInput } from '../../errors.ts';
import { eventsOf, pruneEvents, type EventResource } from './store.ts';

const MAX_EVENTS = 200;

/** Events of resources the caller has already found as the signed-in customer's. */
export function createEventService(deps: { db: Db }) {
  return {
    list(resource: EventResource, limit: number) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EVENTS)
        throw badInput('limit', `limit must be a whole number from 1 to ${MAX_EVENTS}`);
      return eventsOf(deps.db, resource, limit);
    },
    prune: (now?: Date) => pruneEvents(deps.db, now),
  };
}

export type EventService = ReturnType<typeof createEventService>;
