import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { RETENTION } from '../../src/modules/logs/store.ts';
import { expectGraphQLError } from '../support/http.ts';
import { CONTAINER_LOGS, NAMESPACE, WEB, useLogsWorld } from './setup.ts';

// Recent lines of a replica as the console-logs API answers them, and how long they are kept: the retention
// test comes after the others, whose lines (future-dated ones among them) it must leave alone.

const { world, write, replicasOf, containerLines } = useLogsWorld();

describe('recent lines', () => {
  it("shows a replica's start-up lines with the replica's name, oldest first", async () => {
    const lines = await containerLines({ order: 'OLDEST_FIRST' }, { ...WEB, replica: world.replica.name });
    expect(lines.map((line) => line.line)).toEqual([
      'Pulling image nginx:1.27',
      'Pulled image nginx:1.27',
      'Started container web',
      'Listening on port 80',
      'Ready to accept requests',
    ]);
    expect(lines.every((line) => line.replica === world.replica.name && line.run === null)).toBe(true);
    expect(lines.every((line) => line.stream === 'STDOUT')).toBe(true);
  });

  it('filters by since and text, takes limit lines from either end, 200 by default and 1 to 1000', async () => {
    await write(
      world.replica,
      Array.from({ length: 250 }, (_, index) => ({ line: `GET /items/${index} 200` })),
    );
    const base = Date.now() + 3600_000;
    const at = (hours: number) => new Date(base + hours * 3600_000);
    const later = await write(world.replica, [
      { line: 'GET /a 200', occurredAt: at(0) },
      { line: 'ERROR disk full', stream: 'stderr', occurredAt: at(1) },
      { line: 'GET /b 200', occurredAt: at(2) },
      { line: 'request failed: Error while reading', stream: 'stderr', occurredAt: at(3) },
      { line: 'GET /c 200', occurredAt: at(4) },
    ]);

    const recent = await containerLines();
    expect(recent).toHaveLength(200);
    expect(recent[0]).toMatchObject({ id: String(later[4]), line: 'GET /c 200' });
    expect(recent.map((line) => Number(line.id))).toEqual(
      [...recent.map((line) => Number(line.id))].sort((a, b) => b - a),
    );

    const since = { since: at(2).toISOString() };
    expect((await containerLines(since)).map((line) => line.line)).toEqual([
      'GET /c 200',
      'request failed: Error while reading',
      'GET /b 200',
    ]);
    expect((await containerLines({ ...since, limit: 2 })).map((line) => line.line)).toEqual([
      'GET /c 200',
      'request failed: Error while reading',
    ]);
    expect(
      (await containerLines({ since: at(1).toISOString(), limit: 2, order: 'OLDEST_FIRST' })).map(
        (line) => line.line,
      ),
    ).toEqual(['ERROR disk full', 'GET /b 200']);

    const errors = await containerLines({ filter: 'error' });
    expect(errors.map((line) => [line.line, line.stream])).toEqual([
      ['request failed: Error while reading', 'STDERR'],
      ['ERROR disk full', 'STDERR'],
    ]);
    expect(
      (await containerLines({ filter: 'items/24', order: 'OLDEST_FIRST' })).map((line) => line.line),
    ).toEqual([
      'GET /items/24 200',
      ...Array.from({ length: 10 }, (_, index) => `GET /items/${240 + index} 200`),
    ]);
    // LIKE's wildcards are plain text in a filter.
    expect(await containerLines({ filter: '%' })).toEqual([]);

    expect(await containerLines({ limit: 1000 })).toHaveLength(255 + 5);
    for (const limit of [0, 1001]) {
      const error = expectGraphQLError(
        await world.aliceLogs.gql(CONTAINER_LOGS, { source: WEB, query: { limit } }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toBe('limit must be between 1 and 1000');
    }
  });

  it("takes the filter as plain text: any case, and LIKE's wildcards and escape character literally", async () => {
    await world.shop.container({ name: 'api', image: 'nginx:1.27', ports: ['80'] });
    const [api] = await replicasOf('api');
    if (!api) throw new Error('api should run a replica');
    const API = { namespace: NAMESPACE, container: 'api' };
    await write(api, [
      { line: 'Progress 100% done' },
      { line: 'progress 1000 done' },
      { line: 'user_id=7' },
      { line: 'userXid=7' },
      { line: 'path C:\\temp\\x' },
      { line: 'path C:tempx' },
    ]);
    const matching = async (filter: string) =>
      (await containerLines({ filter, order: 'OLDEST_FIRST' }, API)).map((line) => line.line);
    expect(await matching('0% D')).toEqual(['Progress 100% done']);
    expect(await matching('r_i')).toEqual(['user_id=7']);
    expect(await matching(':\\TEMP\\')).toEqual(['path C:\\temp\\x']);
    expect(await matching('\\')).toEqual(['path C:\\temp\\x']);
    expect(await matching('PROGRESS')).toEqual(['Progress 100% done', 'progress 1000 done']);
  });
});

describe('retention', () => {
  it("keeps a container's newest lines up to its byte budget, whichever replicas wrote them, each run's newest lines, none older than the age limit", async () => {
    const db = world.server.berth.database.db;
    const count = async (where: ReturnType<typeof sql>) =>
      (
        await queryRows<{ count: number; oldest: string | null }>(
          db,
          sql`SELECT count(*)::int AS count, min(id)::text AS oldest FROM log_lines WHERE ${where}`,
        )
      )[0];
    const before = await count(sql`container_id = ${world.web.id}`);
    // A busy container: lines of 1 KiB from two replicas in turn (one of them long gone), 100 over budget.
    const busy = 2_000_000_001;
    const budgetLines = RETENTION.perContainerBytes / 1024;
    await db.execute(sql`INSERT INTO log_lines (source_kind, source_id, container_id, replica, stream, line)
      SELECT 'replica', 2000000000 + n % 2, ${busy}, 'busy-' || (n % 2), 'stdout', repeat('x', 1024)
      FROM generate_series(1, ${budgetLines + 100}) AS n`);
    const [firstKept] = await queryRows<{ id: string }>(
      db,
      sql`SELECT l.id::text AS id FROM log_lines l WHERE container_id = ${busy} ORDER BY l.id OFFSET 100 LIMIT 1`,
    );
    const busyRun = { kind: 'job-run' as const, id: 2_000_000_002 };
    await db.execute(sql`INSERT INTO log_lines (source_kind, source_id, stream, line)
      SELECT 'job-run', ${busyRun.id}, 'stdout', 'row ' || n FROM generate_series(1, ${RETENTION.perRun + 5}) AS n`);
    const day = 24 * 3600_000;
    const agedRun = { kind: 'job-run' as const, id: 2_000_000_003 };
    const [, kept] = await write(agedRun, [
      { line: 'too old', occurredAt: new Date(Date.now() - (RETENTION.days + 1) * day) },
      { line: 'old enough', occurredAt: new Date(Date.now() - (RETENTION.days - 1) * day) },
    ]);

    expect(await world.server.services.logs.prune()).toBe(100 + 5 + 1);
    expect(await count(sql`container_id = ${busy}`)).toEqual({ count: budgetLines, oldest: firstKept?.id });
    expect((await count(sql`source_kind = 'job-run' AND source_id = ${busyRun.id}`))?.count).toBe(
      RETENTION.perRun,
    );
    expect(await count(sql`source_kind = 'job-run' AND source_id = ${agedRun.id}`)).toEqual({
      count: 1,
      oldest: String(kept),
    });
    // The future-dated lines of the filter test and the container's others stay.
    expect(await count(sql`container_id = ${world.web.id}`)).toEqual(before);
  });
});
