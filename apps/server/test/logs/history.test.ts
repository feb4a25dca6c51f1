import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  waitForContainer,
  waitUntilContainerGone,
} from '../support/containers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { CONTAINER_LOGS, NAMESPACE, useLogsWorld } from './setup.ts';

// Log history: a container's lines outlive its replicas. After a rolling update the replaced replica's lines,
// its SIGTERM notice included, are still found by time range, by filter and by the stopped replica's name;
// they go when the container does.

const { world, replicasOf, containerLines } = useLogsWorld();
const ROLLED = { namespace: NAMESPACE, container: 'rolled' };

describe('log history', () => {
  it("keeps a replaced replica's lines, found with includeStopped, by its name, by time range and by filter", async () => {
    const start = new Date();
    await world.shop.container({ name: 'rolled', image: 'nginx:1.27', ports: ['80'] });
    const [old] = await replicasOf('rolled');
    if (!old) throw new Error('rolled should run a replica');
    await world.alice.data(MODIFY_CONTAINER, {
      input: { namespace: NAMESPACE, name: 'rolled', image: 'nginx:1.28' },
    });
    await waitForContainer(world.alice, NAMESPACE, 'rolled', 'running', (container) =>
      container.replicas.every((replica) => replica.name !== old.name),
    );
    const [current] = await replicasOf('rolled');
    if (!current) throw new Error('rolled should run its new replica');

    // By default, the running replicas' lines only.
    const running = await containerLines({ limit: 1000 }, ROLLED);
    expect(new Set(running.map((line) => line.replica))).toEqual(new Set([current.name]));

    const lastHour = { since: new Date(Date.now() - 3600_000).toISOString(), limit: 1000 };
    const all = await containerLines(lastHour, { ...ROLLED, includeStopped: true });
    expect(new Set(all.map((line) => line.replica))).toEqual(new Set([old.name, current.name]));
    const sigterm = await containerLines(
      { ...lastHour, filter: 'sigterm' },
      { ...ROLLED, includeStopped: true },
    );
    expect(sigterm.map((line) => [line.replica, line.stream, line.line])).toEqual([
      [old.name, 'STDERR', 'Received SIGTERM, shutting down'],
    ]);

    // The stopped replica by name, as a running one is asked for.
    const oldLines = await containerLines({ order: 'OLDEST_FIRST' }, { ...ROLLED, replica: old.name });
    expect(oldLines[0]?.line).toBe('Pulling image nginx:1.27');
    expect(oldLines.at(-1)?.line).toBe('Received SIGTERM, shutting down');

    // A range before the container existed holds nothing; `until` bounds the range from above.
    const before = { until: start.toISOString() };
    expect(await containerLines(before, { ...ROLLED, includeStopped: true })).toEqual([]);
    const untilFirst = await containerLines(
      { until: new Date(new Date(oldLines[0]?.occurredAt ?? 0).getTime() + 1).toISOString() },
      { ...ROLLED, replica: old.name },
    );
    expect(untilFirst.map((line) => line.line)).toContain('Pulling image nginx:1.27');
    expect(untilFirst.map((line) => line.line)).not.toContain('Received SIGTERM, shutting down');
  });

  it('refuses a range that ends before it starts, and a replica that never wrote a line', async () => {
    const now = Date.now();
    const error = expectGraphQLError(
      await world.aliceLogs.gql(CONTAINER_LOGS, {
        source: ROLLED,
        query: { since: new Date(now).toISOString(), until: new Date(now - 1000).toISOString() },
      }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('until must be after since');
    expect(error.extensions?.field).toBe('until');
    expectGraphQLError(
      await world.aliceLogs.gql(CONTAINER_LOGS, { source: { ...ROLLED, replica: 'rolled-zzzzz-9' } }),
      'NOT_FOUND',
    );
  });

  it("removes a container's lines, its stopped replicas' too, when it is deleted", async () => {
    const [replica] = await replicasOf('rolled');
    if (!replica) throw new Error('rolled should run a replica');
    const containerId = replica.container_id;
    const lines = async () =>
      (
        await queryRows<{ count: number }>(
          world.server.berth.database.db,
          sql`SELECT count(*)::int AS count FROM log_lines WHERE container_id = ${containerId}`,
        )
      )[0]?.count;
    expect(await lines()).toBeGreaterThan(0);
    await world.alice.data(DELETE_CONTAINER, { namespace: NAMESPACE, name: 'rolled' });
    await waitUntilContainerGone(world.alice, NAMESPACE, 'rolled');
    expect(await lines()).toBe(0);
  });
});
