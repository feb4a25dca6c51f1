import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { queryRows } from '../../src/db/client.ts';
import { logLines } from '../../src/db/schema.ts';
import { readEnvironment } from '../../src/environment.ts';
import { RETENTION } from '../../src/modules/logs/store.ts';
import { createTailHub } from '../../src/modules/logs/tail.ts';
import { graphql } from '../generated/console-logs/gql.ts';
import { RUN_JOB } from '../support/container-jobs.ts';
import { MODIFY_CONTAINER, waitForContainer } from '../support/containers.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { consoleLogsApi, eventually, expectGraphQLError, type PlatformApi } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { seed, type SeededNamespace } from '../support/seed.ts';
import { startServer, testEnvironment, type TestServer } from '../support/server.ts';
import { subscribe } from '../support/sse.ts';
import { describeNeeding, withoutDatabaseUrl } from '../support/postgres-server.ts';

// The console-logs API (/graphql/console-logs): recent lines of a customer's replicas and runs, their live
// tail over server-sent events, the plain-text endpoint of existing clients, and how long lines are kept.

graphql(`
  fragment LogLineFields on LogLine {
    id
    occurredAt
    stream
    line
    replica
    run
  }
`);
const CONTAINER_LOGS = graphql(`
  query ContainerLogs($source: ContainerLogSource!, $query: LogQuery) {
    containerLogs(source: $source, query: $query) {
      ...LogLineFields
    }
  }
`);
const JOB_RUN_LOGS = graphql(`
  query JobRunLogs($source: JobRunLogSource!, $query: LogQuery) {
    jobRunLogs(source: $source, query: $query) {
      ...LogLineFields
    }
  }
`);
const CONTAINER_LOG_TAIL = graphql(`
  subscription ContainerLogTail($source: ContainerLogSource!, $afterId: ID, $filter: String) {
    containerLogTail(source: $source, afterId: $afterId, filter: $filter) {
      ...LogLineFields
    }
  }
`);
const JOB_RUN_LOG_TAIL = graphql(`
  subscription JobRunLogTail($source: JobRunLogSource!) {
    jobRunLogTail(source: $source) {
      ...LogLineFields
    }
  }
`);

const NAMESPACE = 'logs';
const WEB = { namespace: NAMESPACE, container: 'web' };

let server: TestServer;
let shop: SeededNamespace;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceLogs: PlatformApi;
let bobLogs: PlatformApi;
/** The one replica of alice's container `web` (no health check: the runtime writes nothing after start-up). */
let replica: { id: number; name: string };

const tailEndpoint = () => `${server.url}/graphql/console-logs`;

/** Writes lines as the runtime does (this replica's, on stdout unless said); returns their ids in order. */
async function write(
  source: { kind?: 'replica' | 'job-run'; id: number },
  lines: { line: string; stream?: 'stdout' | 'stderr'; occurredAt?: Date }[],
): Promise<number[]> {
  const rows = await server.berth.database.db
    .insert(logLines)
    .values(
      lines.map((line) => ({
        sourceKind: source.kind ?? 'replica',
        sourceId: source.id,
        stream: line.stream ?? 'stdout',
        line: line.line,
        ...(line.occurredAt ? { occurredAt: line.occurredAt } : {}),
      })),
    )
    .returning({ id: logLines.id });
  return rows.map((row) => row.id);
}

async function replicasOf(container: string) {
  return queryRows<{ id: number; name: string }>(
    server.berth.database.db,
    sql`SELECT r.id, r.name FROM container_replicas r JOIN containers c ON c.id = r.container_id
        WHERE c.name = ${container} ORDER BY r.id`,
  );
}

async function containerLines(query: Record<string, unknown> = {}, source: object = WEB) {
  const { containerLogs } = await aliceLogs.data(CONTAINER_LOGS, { source: source as typeof WEB, query });
  return containerLogs;
}

beforeAll(async () => {
  server = await startServer();
  shop = await seed(server)
    .customer({ subscriptions: ['serverless-container'] })
    .namespace(NAMESPACE);
  alice = shop.customer;
  bob = await createCustomer(server, { subscriptions: ['serverless-container'] });
  aliceLogs = consoleLogsApi(server.url, () => alice.token());
  bobLogs = consoleLogsApi(server.url, () => bob.token());
  const web = await shop.container({ name: 'web', image: 'nginx:1.27', ports: ['80'] });
  const [only] = await replicasOf('web');
  if (!only || web.replicas.length !== 1) throw new Error('web should run one replica');
  replica = only;
  await shop.job({
    name: 'broken',
    image: 'alpine:3.20',
    resources: 'CPU_250_RAM_500',
    schedule: '0 0 1 1 *',
    entrypoint: ['sh', '-c'],
    command: ['exit 3'],
  });
}, 60_000);
afterAll(() => server.close());

describe('recent lines', () => {
  it("shows a replica's start-up lines with the replica's name, oldest first", async () => {
    const lines = await containerLines({ order: 'OLDEST_FIRST' }, { ...WEB, replica: replica.name });
    expect(lines.map((line) => line.line)).toEqual([
      'Pulling image nginx:1.27',
      'Pulled image nginx:1.27',
      'Started container web',
      'Listening on port 80',
      'Ready to accept requests',
    ]);
    expect(lines.every((line) => line.replica === replica.name && line.run === null)).toBe(true);
    expect(lines.every((line) => line.stream === 'STDOUT')).toBe(true);
  });

  it('filters by since and text, takes limit lines from either end, 200 by default and 1 to 1000', async () => {
    await write(
      replica,
      Array.from({ length: 250 }, (_, index) => ({ line: `GET /items/${index} 200` })),
    );
    const base = Date.now() + 3600_000;
    const at = (hours: number) => new Date(base + hours * 3600_000);
    const later = await write(replica, [
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
        await aliceLogs.gql(CONTAINER_LOGS, { source: WEB, query: { limit } }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toBe('limit must be between 1 and 1000');
    }
  });

  it("takes the filter as plain text: any case, and LIKE's wildcards and escape character literally", async () => {
    await shop.container({ name: 'api', image: 'nginx:1.27', ports: ['80'] });
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

describe('isolation', () => {
  it("answers NOT_FOUND for another customer's container, replica, job and run, and for unknown ones", async () => {
    const run = (await alice.data(RUN_JOB, { name: 'broken', namespace: NAMESPACE })).containerJobRun;
    const runSource = { namespace: NAMESPACE, job: 'broken', run: run.name };
    expect((await aliceLogs.data(JOB_RUN_LOGS, { source: runSource })).jobRunLogs.length).toBeGreaterThan(0);

    expectGraphQLError(await bobLogs.gql(CONTAINER_LOGS, { source: WEB }), 'NOT_FOUND');
    expectGraphQLError(
      await bobLogs.gql(CONTAINER_LOGS, { source: { ...WEB, replica: replica.name } }),
      'NOT_FOUND',
    );
    expectGraphQLError(await bobLogs.gql(JOB_RUN_LOGS, { source: runSource }), 'NOT_FOUND');
    expectGraphQLError(
      await bobLogs.gql(JOB_RUN_LOGS, { source: { ...runSource, job: 'missing' } }),
      'NOT_FOUND',
    );
    // Alice's own, misnamed.
    expectGraphQLError(
      await aliceLogs.gql(CONTAINER_LOGS, { source: { ...WEB, replica: `${replica.name}0` } }),
      'NOT_FOUND',
    );
    expectGraphQLError(
      await aliceLogs.gql(JOB_RUN_LOGS, { source: { ...runSource, run: 'broken-manual-zzzzz' } }),
      'NOT_FOUND',
    );

    const token = await bob.token();
    for (const tail of [
      await subscribe(tailEndpoint(), token, CONTAINER_LOG_TAIL, {
        source: { ...WEB, replica: replica.name },
      }),
      await subscribe(tailEndpoint(), token, JOB_RUN_LOG_TAIL, { source: runSource }),
    ]) {
      const result = await tail.next();
      expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(result.data ?? null).toBeNull();
      await tail.close();
    }
  });
});

describe('live tail', () => {
  it('receives a line written after subscribing, with its stream, and only what its filter asks for', async () => {
    const tail = await subscribe(tailEndpoint(), await alice.token(), CONTAINER_LOG_TAIL, { source: WEB });
    expect(tail.status).toBe(200);
    expect(tail.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const filtered = await subscribe(tailEndpoint(), await alice.token(), CONTAINER_LOG_TAIL, {
      source: { ...WEB, replica: replica.name },
      filter: 'needle',
    });
    const [id] = await write(replica, [{ line: 'panic: out of memory', stream: 'stderr' }]);
    await write(replica, [{ line: 'found the NEEDLE' }]);

    expect((await tail.next()).data?.containerLogTail).toMatchObject({
      id: String(id),
      line: 'panic: out of memory',
      stream: 'STDERR',
      replica: replica.name,
      run: null,
    });
    expect((await tail.next()).data?.containerLogTail.line).toBe('found the NEEDLE');
    expect((await filtered.next()).data?.containerLogTail.line).toBe('found the NEEDLE');
    // Nothing else for the filtered tail, shown without waiting on the clock: a later line it accepts comes
    // next. A tail sends lines in id order, so one the filter let through by mistake would come before it.
    const [later] = await write(replica, [{ line: 'the last needle' }]);
    expect((await filtered.next()).data?.containerLogTail).toMatchObject({ id: String(later) });
    await Promise.all([tail.close(), filtered.close()]);
  });

  it('catches up from afterId first, without sending a line twice', async () => {
    const [first, second, third] = await write(replica, [
      { line: 'catch-up 1' },
      { line: 'catch-up 2' },
      { line: 'catch-up 3' },
    ]);
    const tail = await subscribe(tailEndpoint(), await alice.token(), CONTAINER_LOG_TAIL, {
      source: WEB,
      afterId: String(first),
    });
    const [fourth] = await write(replica, [{ line: 'catch-up 4' }]);
    const ids = [];
    for (let index = 0; index < 3; index++) ids.push((await tail.next()).data?.containerLogTail.id);
    expect(ids).toEqual([second, third, fourth].map(String));
    // No line twice, shown without waiting on the clock: a line written now comes next. A tail sends in id
    // order, so a second copy of a caught-up or live line would have come before it.
    const [fifth] = await write(replica, [{ line: 'catch-up 5' }]);
    expect((await tail.next()).data?.containerLogTail.id).toBe(String(fifth));
    await tail.close();

    const malformed = await subscribe(tailEndpoint(), await alice.token(), CONTAINER_LOG_TAIL, {
      source: WEB,
      afterId: 'latest',
    });
    expect((await malformed.next()).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await malformed.close();
  });

  it("follows a whole container's replicas, also those that start after subscribing", async () => {
    await shop.container({ name: 'scaler', image: 'nginx:1.27', ports: ['8080'] });
    const [first] = await replicasOf('scaler');
    const tail = await subscribe(tailEndpoint(), await alice.token(), CONTAINER_LOG_TAIL, {
      source: { namespace: NAMESPACE, container: 'scaler' },
    });
    await alice.data(MODIFY_CONTAINER, {
      input: { name: 'scaler', namespace: NAMESPACE, scaling: { manual: { replicas: 2 } } },
    });
    const started = await eventually(
      'a new replica to start',
      async () => {
        const line = (await tail.next(20_000)).data?.containerLogTail;
        return line?.line === 'Started container scaler' && line.replica !== first?.name ? line : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 0 },
    );
    expect(started.replica).toMatch(/^scaler-[a-z0-9]{5}-[0-9]+$/);
    await tail.close();
    await waitForContainer(alice, NAMESPACE, 'scaler', 'running');
  });

  it("shows a failing run's error on stderr, live and afterwards", async () => {
    const run = (await alice.data(RUN_JOB, { name: 'broken', namespace: NAMESPACE })).containerJobRun;
    const source = { namespace: NAMESPACE, job: 'broken', run: run.name };
    const tail = await subscribe(tailEndpoint(), await alice.token(), JOB_RUN_LOG_TAIL, { source });
    const live = [];
    for (;;) {
      const line = (await tail.next(20_000)).data?.jobRunLogTail;
      if (!line) throw new Error('the tail ended');
      live.push(line);
      if (line.line.startsWith('exited')) break;
    }
    await tail.close();
    const expected = [
      { line: 'Error: sh -c exit 3 failed', stream: 'STDERR', run: run.name, replica: null },
      { line: 'exited with code 3', stream: 'STDERR', run: run.name, replica: null },
    ];
    expect(live.slice(-2)).toMatchObject(expected);
    const { jobRunLogs } = await aliceLogs.data(JOB_RUN_LOGS, { source, query: { order: 'OLDEST_FIRST' } });
    expect(jobRunLogs.map((line) => line.line)).toEqual([
      'Pulling image alpine:3.20',
      'Pulled image alpine:3.20',
      'Started sh -c exit 3',
      'Error: sh -c exit 3 failed',
      'exited with code 3',
    ]);
  });
});

describe('the tails of a server process', () => {
  it('end as soon as their reader leaves, without waiting for a line of their source', async () => {
    const hub = createTailHub({ db: server.berth.database.db, log: server.berth.app.log });
    try {
      const tail = await hub.open({ kind: 'replica', containerId: 0 }, () => true);
      const waiting = tail.next();
      // An SSE client that disconnects: the server returns the iterator while a read waits.
      await tail.return?.();
      await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    } finally {
      hub.close();
    }
  });
});

describe('GET /logs/container/{containerId}/{replicaName}', () => {
  const get = (path: string, token?: string) =>
    fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("answers a replica's recent lines as plain text, oldest first", async () => {
    const web = await queryRows<{ id: number }>(
      server.berth.database.db,
      sql`SELECT id FROM containers WHERE name = 'web'`,
    );
    const path = `/logs/container/${web[0]?.id}/${replica.name}`;
    const response = await get(path, await alice.token());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    const newest = await containerLines({ limit: 200 }, { ...WEB, replica: replica.name });
    expect(text).toBe(
      newest
        .reverse()
        .map((line) => `${line.occurredAt} ${line.line}\n`)
        .join(''),
    );

    expect((await get(path)).status).toBe(401);
    expect((await get(path, await bob.token())).status).toBe(404);
    expect((await get(`/logs/container/${web[0]?.id}/web-zzzzz-1`, await alice.token())).status).toBe(404);
    expect((await get(`/logs/container/2147483000/${replica.name}`, await alice.token())).status).toBe(404);
    const malformed = await get(`/logs/container/web/${replica.name}`, await alice.token());
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'BAD_USER_INPUT', message: 'web is not a container id' });
  });
});

describe('retention', () => {
  it('keeps the newest lines of each replica and run, none older than the age limit', async () => {
    const db = server.berth.database.db;
    const count = async (kind: string, id: number) =>
      (
        await queryRows<{ count: number; oldest: string }>(
          db,
          sql`SELECT count(*)::int AS count, min(id)::text AS oldest FROM log_lines WHERE source_kind = ${kind} AND source_id = ${id}`,
        )
      )[0];
    const before = await count('replica', replica.id);
    const busyReplica = { id: 2_000_000_001 };
    const ids = await write(
      busyReplica,
      Array.from({ length: RETENTION.perReplica + 100 }, (_, index) => ({ line: `line ${index}` })),
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

    expect(await server.services.logs.prune()).toBe(100 + 5 + 1);
    expect(await count('replica', busyReplica.id)).toEqual({
      count: RETENTION.perReplica,
      oldest: String(ids[100]),
    });
    expect((await count('job-run', busyRun.id))?.count).toBe(RETENTION.perRun);
    expect(await count('job-run', agedRun.id)).toEqual({ count: 1, oldest: String(kept) });
    // The future-dated lines of the filter test and the replica's others stay.
    expect(await count('replica', replica.id)).toEqual(before);
  });
});

describeNeeding(withoutDatabaseUrl, 'two server processes on one PostgreSQL', () => {
  it('a tail on either one receives a line written through the other', async () => {
    const port = await freePort();
    // The same service behind another address: tokens name the first one's as their issuer.
    const other = await buildApp(
      readEnvironment({ ...testEnvironment(server.database, port), PUBLIC_URL: server.url }),
    );
    await other.listen();
    try {
      const here = await subscribe(tailEndpoint(), await alice.token(), CONTAINER_LOG_TAIL, { source: WEB });
      const there = await subscribe(
        `http://127.0.0.1:${port}/graphql/console-logs`,
        await alice.token(),
        CONTAINER_LOG_TAIL,
        {
          source: WEB,
        },
      );
      const [id] = await other.database.db
        .insert(logLines)
        .values({ sourceKind: 'replica', sourceId: replica.id, stream: 'stdout', line: 'written over there' })
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
    const tail = await subscribe(tailEndpoint(), await alice.token(), CONTAINER_LOG_TAIL, { source: WEB });
    const slow = new pg.Client({ connectionString: server.database.databaseUrl });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      const taken = await slow.query<{ id: string }>(
        `INSERT INTO log_lines (source_kind, source_id, stream, line) VALUES ('replica', $1, 'stdout', 'slow') RETURNING id`,
        [replica.id],
      );
      const [quick] = await write(replica, [{ line: 'quick' }]);
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
