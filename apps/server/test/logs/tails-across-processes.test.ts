import pg from 'pg';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { logLines } from '../../src/db/schema.ts';
import { readEnvironment } from '../../src/environment.ts';
import { freePort } from '../support/ports.ts';
import { describeNeeding, withoutDatabaseUrl } from '../support/postgres-server.ts';
import { testEnvironment } from '../support/server.ts';
import { subscribe } from '../support/sse.ts';
import { CONTAINER_LOG_TAIL, WEB, useLogsWorld } from './setup.ts';

describeNeeding(withoutDatabaseUrl, 'two server processes on one PostgreSQL', () => {
  const { world, tailEndpoint, write } = useLogsWorld();

  it('a tail on either one receives a line written through the other', async () => {
    const port = await freePort();
    // The same service behind another address: tokens name the first one's as their issuer.
    const other = await buildApp(
      readEnvironment({ ...testEnvironment(world.server.database, port), PUBLIC_URL: world.server.url }),
    );
    await other.listen();
    try {
      const here = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
        source: WEB,
      });
      const there = await subscribe(
        `http://127.0.0.1:${port}/graphql/console-logs`,
        await world.alice.token(),
        CONTAINER_LOG_TAIL,
        {
          source: WEB,
        },
      );
      const [id] = await other.database.db
        .insert(logLines)
        .values({
          sourceKind: 'replica',
          sourceId: world.replica.id,
          containerId: world.web.id,
          replica: world.replica.name,
          stream: 'stdout',
          line: 'written over there',
        })
        .returning({ id: logLines.id });
      for (const tail of [here, there]) {
        expect((await tail.next()).data?.containerLogTail).toMatchObject({
          id: String(id?.id),
          line: 'written over there',
        });
      }
      await Promise.all([here.close(), there.close()]);
    } finally {
      await other.close();
    }
  });

  it('a line committed after a later one (its id taken first) still reaches the tail', async () => {
    const tail = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
      source: WEB,
    });
    const slow = new pg.Client({ connectionString: world.server.database.databaseUrl });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      const taken = await slow.query<{ id: string }>(
        `INSERT INTO log_lines (source_kind, source_id, container_id, replica, stream, line)
         VALUES ('replica', $1, $2, $3, 'stdout', 'slow') RETURNING id`,
        [world.replica.id, world.web.id, world.replica.name],
      );
      const [quick] = await write(world.replica, [{ line: 'quick' }]);
      expect((await tail.next()).data?.containerLogTail).toMatchObject({ id: String(quick), line: 'quick' });
      await slow.query('COMMIT');
      expect((await tail.next()).data?.containerLogTail).toMatchObject({
        id: taken.rows[0]?.id,
        line: 'slow',
      });
    } finally {
      await slow.end();
      await tail.close();
    }
  });
});
