import { describe, expect, it } from 'vitest';
import { createTailHub } from '../../src/modules/logs/tail.ts';
import { RUN_JOB } from '../support/container-jobs.ts';
import { MODIFY_CONTAINER, waitForContainer } from '../support/containers.ts';
import { eventually } from '../support/http.ts';
import { subscribe } from '../support/sse.ts';
import { CONTAINER_LOG_TAIL, JOB_RUN_LOGS, JOB_RUN_LOG_TAIL, NAMESPACE, WEB, useLogsWorld } from './setup.ts';

// The live tail over server-sent events, and the tails a server process keeps for it.

const { world, tailEndpoint, write, replicasOf, containerLines } = useLogsWorld();

describe('live tail', () => {
  it('receives a line written after subscribing, with its stream, and only what its filter asks for', async () => {
    const tail = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
      source: WEB,
    });
    expect(tail.status).toBe(200);
    expect(tail.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const filtered = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
      source: { ...WEB, replica: world.replica.name },
      filter: 'needle',
    });
    const [id] = await write(world.replica, [{ line: 'panic: out of memory', stream: 'stderr' }]);
    await write(world.replica, [{ line: 'found the NEEDLE' }]);

    expect((await tail.next()).data?.containerLogTail).toMatchObject({
      id: String(id),
      line: 'panic: out of memory',
      stream: 'STDERR',
      replica: world.replica.name,
      run: null,
    });
    expect((await tail.next()).data?.containerLogTail.line).toBe('found the NEEDLE');
    expect((await filtered.next()).data?.containerLogTail.line).toBe('found the NEEDLE');
    // Nothing else for the filtered tail, shown without waiting on the clock: a later line it accepts comes
    // next. A tail sends lines in id order, so one the filter let through by mistake would come before it.
    const [later] = await write(world.replica, [{ line: 'the last needle' }]);
    expect((await filtered.next()).data?.containerLogTail).toMatchObject({ id: String(later) });
    await Promise.all([tail.close(), filtered.close()]);
  });

  it('matches a filter as the kept lines do, one character at a time ("İ" as "i")', async () => {
    const filter = 'İstanbul';
    const before = await write(world.replica, [{ line: 'flight to ISTANBUL' }, { line: 'flight to Izmir' }]);
    const tail = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
      source: WEB,
      afterId: String((before[0] ?? 0) - 1),
      filter,
    });
    expect((await tail.next()).data?.containerLogTail.line).toBe('flight to ISTANBUL');
    const [live] = await write(world.replica, [{ line: 'Izmir' }, { line: 'ISTANBUL again' }]).then((ids) =>
      ids.slice(1),
    );
    expect((await tail.next()).data?.containerLogTail).toMatchObject({
      id: String(live),
      line: 'ISTANBUL again',
    });
    await tail.close();
    const kept = await containerLines({ filter, order: 'OLDEST_FIRST' });
    expect(kept.map((line) => line.line)).toEqual(['flight to ISTANBUL', 'ISTANBUL again']);
  });

  it('catches up from afterId first, without sending a line twice', async () => {
    const [first, second, third] = await write(world.replica, [
      { line: 'catch-up 1' },
      { line: 'catch-up 2' },
      { line: 'catch-up 3' },
    ]);
    const tail = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
      source: WEB,
      afterId: String(first),
    });
    const [fourth] = await write(world.replica, [{ line: 'catch-up 4' }]);
    const ids = [];
    for (let index = 0; index < 3; index++) ids.push((await tail.next()).data?.containerLogTail.id);
    expect(ids).toEqual([second, third, fourth].map(String));
    // No line twice, shown without waiting on the clock: a line written now comes next. A tail sends in id
    // order, so a second copy of a caught-up or live line would have come before it.
    const [fifth] = await write(world.replica, [{ line: 'catch-up 5' }]);
    expect((await tail.next()).data?.containerLogTail.id).toBe(String(fifth));
    await tail.close();

    const malformed = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
      source: WEB,
      afterId: 'latest',
    });
    expect((await malformed.next()).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await malformed.close();
  });

  it("follows a whole container's replicas, also those that start after subscribing", async () => {
    await world.shop.container({ name: 'scaler', image: 'nginx:1.27', ports: ['8080'] });
    const [first] = await replicasOf('scaler');
    const tail = await subscribe(tailEndpoint(), await world.alice.token(), CONTAINER_LOG_TAIL, {
      source: { namespace: NAMESPACE, container: 'scaler' },
    });
    await world.alice.data(MODIFY_CONTAINER, {
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
    await waitForContainer(world.alice, NAMESPACE, 'scaler', 'running');
  });

  it("shows a failing run's error on stderr, live and afterwards", async () => {
    const run = (await world.alice.data(RUN_JOB, { name: 'broken', namespace: NAMESPACE })).containerJobRun;
    const source = { namespace: NAMESPACE, job: 'broken', run: run.name };
    const tail = await subscribe(tailEndpoint(), await world.alice.token(), JOB_RUN_LOG_TAIL, { source });
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
    const { jobRunLogs } = await world.aliceLogs.data(JOB_RUN_LOGS, {
      source,
      query: { order: 'OLDEST_FIRST' },
    });
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
    const hub = createTailHub({ db: world.server.berth.database.db, log: world.server.berth.app.log });
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
