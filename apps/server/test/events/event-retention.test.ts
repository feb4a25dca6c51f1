import { describe, expect, it } from 'vitest';
import { pruneEvents, recordEvent } from '../../src/modules/events/store.ts';
import { useServer } from '../support/server.ts';

const suite = useServer({ SIMULATED_DELAY_MS: '100' });

describe('event retention', () => {
  it('forgets events older than a month', async () => {
    const db = suite.server.berth.database.db;
    const resource = { kind: 'container', id: 900_002 } as const;
    await recordEvent(db, resource, 'SCALED', 'Scaled from 1 to 2 replicas (autoscaling)');
    const later = new Date(Date.now() + 32 * 86_400_000);
    expect(await pruneEvents(db, later)).toBeGreaterThanOrEqual(1);
    expect(await suite.server.berth.services.events.list(resource, { limit: 10 })).toEqual([]);
  });
});
