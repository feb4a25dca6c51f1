import { describe, expect, it } from 'vitest';
import { pruneMetricPoints, recordSamples, seriesOf } from '../../src/modules/metrics/store.ts';
import { graphql } from '../generated/gql.ts';
import { MODIFY_CONTAINER, createContainer, waitForContainer } from '../support/containers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { useObservedWorld } from './setup.ts';

// The container `web` made by the first test is the one whose limits, privacy and metrics the others read.

const world = useObservedWorld();

const CONTAINER_EVENTS = graphql(`
  query ContainerEvents($name: String!, $namespace: String!, $limit: Int) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      events(limit: $limit) {
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
    }
  }
`);
const CONTAINER_METRICS = graphql(`
  query ContainerMetrics($name: String!, $namespace: String!, $range: MetricsRange) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      metrics(range: $range) {
        range
        resolution
        series {
          metric
          unit
          points {
            at
            average
            maximum
          }
        }
      }
    }
  }
`);

async function containerEvents(name: string) {
  const { container } = await world.alice.data(CONTAINER_EVENTS, { name, namespace: 'observed' });
  return container.events;
}

describe('events of a container', () => {
  it('tells the deploy, replicas, scaling and who changed what, newest first', async () => {
    await createContainer(world.alice, {
      name: 'web',
      namespace: 'observed',
      image: 'nginx:1.27',
      ports: ['80'],
      scaling: { manual: { replicas: 1 } },
    });
    await waitForContainer(world.alice, 'observed', 'web', 'running');
    const created = await containerEvents('web');
    // Oldest last: created (by alice), the deploy, its replica, and the deploy's end.
    expect(created.map((event) => event.type).reverse()).toEqual([
      'CREATED',
      'DEPLOY_STARTED',
      'REPLICA_STARTED',
      'DEPLOY_FINISHED',
    ]);
    const [finished, started, deploying, creation] = created;
    expect(creation).toMatchObject({ message: 'Created', account: { email: world.alice.email } });
    expect(deploying).toMatchObject({
      message: 'Deploy started: revision 1, nginx:1.27',
      account: null,
      changeSet: [],
    });
    expect(started?.message).toMatch(/^Replica web-[a-z0-9]{5}-1 started$/);
    expect(finished?.message).toBe('Deploy finished: 1 of 1 replicas running nginx:1.27');

    await world.alice.data(MODIFY_CONTAINER, {
      input: {
        name: 'web',
        namespace: 'observed',
        image: 'nginx:1.28',
        scaling: { manual: { replicas: 2 } },
      },
    });
    await waitForContainer(world.alice, 'observed', 'web', 'running', (container) =>
      container.replicas.every((replica) => replica.image === 'nginx:1.28'),
    );
    const events = await containerEvents('web');
    const newer = events.slice(0, events.length - created.length);
    const change = newer.find((event) => event.type === 'CHANGED');
    expect(change).toMatchObject({ account: { email: world.alice.email } });
    expect(change?.changeSet).toContainEqual({
      name: 'image',
      oldValue: 'nginx:1.27',
      newValue: 'nginx:1.28',
    });
    expect(newer.map((event) => event.message)).toEqual(
      expect.arrayContaining([
        'Deploy started: revision 2, nginx:1.28',
        'Scaled from 1 to 2 replicas (configuration)',
        expect.stringMatching(/^Replica web-[a-z0-9]{5}-1 stopped: replaced by the new revision$/),
        'Deploy finished: 2 of 2 replicas running nginx:1.28',
      ]),
    );
    const times = events.map((event) => Date.parse(event.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('tell a deploy whose command exits failed, after its replica failed each time, until a deploy that works', async () => {
    await createContainer(world.alice, {
      name: 'crashing',
      namespace: 'observed',
      image: 'busybox:1.36',
      entrypoint: ['sh', '-c'],
      command: ['exit 2'],
      scaling: { manual: { replicas: 1 } },
    });
    const failed = await waitForContainer(world.alice, 'observed', 'crashing', 'failed');
    expect(failed.replicas).toEqual([
      expect.objectContaining({ status: 'failed', statusMessage: 'CrashLoopBackOff: exited with code 2' }),
    ]);
    const replica = failed.replicas[0]?.name ?? '';
    const events = await containerEvents('crashing');
    expect(events.map((event) => event.message).slice(0, 4)).toEqual([
      `Deploy failed: replica ${replica} failed 3 times (CrashLoopBackOff: exited with code 2)`,
      ...Array.from({ length: 3 }, () => `Replica ${replica} failed: exited with code 2`),
    ]);
    expect(events.map((event) => event.type)).not.toContain('DEPLOY_FINISHED');

    await world.alice.data(MODIFY_CONTAINER, {
      input: { name: 'crashing', namespace: 'observed', command: ['httpd -f'] },
    });
    const fixed = await waitForContainer(world.alice, 'observed', 'crashing', 'running');
    expect(fixed.replicas).toEqual([expect.objectContaining({ status: 'running' })]);
    expect(fixed.replicas[0]?.name).not.toBe(replica);
    expect((await containerEvents('crashing'))[0]?.type).toBe('DEPLOY_FINISHED');
  });

  it('answers as many as asked, 1 to 200, and refuses other limits without answering any', async () => {
    expect(
      await world.alice.data(CONTAINER_EVENTS, { name: 'web', namespace: 'observed', limit: 2 }),
    ).toMatchObject({
      container: { events: [expect.anything(), expect.anything()] },
    });
    for (const limit of [0, 201, -1]) {
      const error = expectGraphQLError(
        await world.alice.gql(CONTAINER_EVENTS, { name: 'web', namespace: 'observed', limit }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toBe('limit must be a whole number from 1 to 200');
    }
  });

  it("are not another customer's to read", async () => {
    expectGraphQLError(
      await world.bob.gql(CONTAINER_EVENTS, { name: 'web', namespace: 'observed' }),
      'NOT_FOUND',
    );
    expectGraphQLError(
      await world.bob.gql(CONTAINER_METRICS, { name: 'web', namespace: 'observed' }),
      'NOT_FOUND',
    );
  });
});

describe('metrics of a container', () => {
  it('are sampled while it runs: CPU, memory and requests as 1-minute points for an hour or a day', async () => {
    const metrics = await eventually('samples of the running container', async () => {
      const { container } = await world.alice.data(CONTAINER_METRICS, { name: 'web', namespace: 'observed' });
      return container.metrics.series.every((series) => series.points.length > 0)
        ? container.metrics
        : undefined;
    });
    expect(metrics).toMatchObject({ range: 'HOUR', resolution: 60 });
    expect(metrics.series.map(({ metric, unit }) => [metric, unit])).toEqual([
      ['CPU_PERCENT', '%'],
      ['MEMORY_MB', 'MB'],
      ['REQUESTS_PER_SECOND', 'req/s'],
    ]);
    const [cpu, memory, requests] = metrics.series;
    for (const point of cpu?.points ?? []) {
      expect(point.average).toBeGreaterThanOrEqual(0);
      expect(point.maximum).toBeLessThanOrEqual(100);
      expect(point.maximum).toBeGreaterThanOrEqual(point.average);
      expect(Date.now() - Date.parse(point.at)).toBeLessThan(3_600_000 + 60_000);
    }
    // Memory in use is part of what a replica of CPU_250_RAM_500 was given.
    for (const point of memory?.points ?? []) expect(point.average).toBeGreaterThan(0);
    for (const point of memory?.points ?? []) expect(point.maximum).toBeLessThanOrEqual(500);
    expect(requests?.points.some((point) => point.average > 0)).toBe(true);

    const { container: day } = await world.alice.data(CONTAINER_METRICS, {
      name: 'web',
      namespace: 'observed',
      range: 'DAY',
    });
    expect(day.metrics).toMatchObject({ range: 'DAY', resolution: 60 });
    const { container: week } = await world.alice.data(CONTAINER_METRICS, {
      name: 'web',
      namespace: 'observed',
      range: 'WEEK',
    });
    expect(week.metrics).toMatchObject({ range: 'WEEK', resolution: 3600 });
    expect(week.metrics.series[0]?.points.length).toBeGreaterThan(0);
  });

  it('keeps samples as per-minute and per-hour points (count, sum, maximum), minutes for a day, hours for a month', async () => {
    const db = world.server.berth.database.db;
    const source = { kind: 'container', id: 900_001 } as const;
    const now = new Date();
    const hourStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const minuteStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    await recordSamples(db, source, { CPU_PERCENT: 20, MEMORY_MB: 100 }, minuteStart);
    await recordSamples(
      db,
      source,
      { CPU_PERCENT: 60, MEMORY_MB: 300 },
      new Date(minuteStart.getTime() + 30_000),
    );
    // Two days ago: gone from the minutes after a day, still in the hours.
    const twoDaysAgo = new Date(hourStart.getTime() - 48 * 3_600_000);
    await recordSamples(db, source, { CPU_PERCENT: 90 }, twoDaysAgo);
    // Forty days ago: gone from the hours too.
    await recordSamples(db, source, { CPU_PERCENT: 10 }, new Date(hourStart.getTime() - 40 * 86_400_000));

    const hour = await seriesOf(db, source, 'HOUR');
    const cpu = hour.series.find((series) => series.metric === 'CPU_PERCENT');
    expect(cpu?.points).toEqual([{ at: minuteStart, average: 40, maximum: 60 }]);
    expect(hour.series.find((series) => series.metric === 'MEMORY_MB')?.points).toEqual([
      { at: minuteStart, average: 200, maximum: 300 },
    ]);

    expect(await pruneMetricPoints(db, now)).toBe(3); // both minutes of the old samples and the 40-day hour
    const week = await seriesOf(db, source, 'WEEK');
    expect(week.series.find((series) => series.metric === 'CPU_PERCENT')?.points).toEqual([
      { at: twoDaysAgo, average: 90, maximum: 90 },
      { at: hourStart, average: 40, maximum: 60 },
    ]);
  });
});
