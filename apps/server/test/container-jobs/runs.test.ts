import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunFieldsFragment } from '../generated/graphql.ts';
import { DELETE_JOB, JOB, MODIFY_JOB, RUN_JOB, jobByName } from '../support/container-jobs.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually } from '../support/http.ts';
import type { SeededNamespace } from '../support/seed.ts';
import { useJobsServer } from './setup.ts';

const { subscribed, rows } = useJobsServer();

async function runNow(customer: TestCustomer, namespace: string, name: string) {
  return (await customer.data(RUN_JOB, { name, namespace })).containerJobRun;
}

/** Polls the job's newest run until check holds (often fast enough to see `running` on the way). */
function waitForRun(
  customer: TestCustomer,
  namespace: string,
  name: string,
  check: (run: RunFieldsFragment) => boolean,
) {
  return eventually(
    `a run of ${name} to match`,
    async () => {
      const [latest] = (await jobByName(customer, namespace, name)).runs;
      return latest && check(latest) ? latest : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 20 },
  );
}

describe('runs', () => {
  let alice: TestCustomer;
  let namespace: SeededNamespace;
  beforeAll(async () => {
    namespace = await subscribed().namespace('runs');
    alice = namespace.customer;
  });

  it('runs now even when disabled: pending, running, then succeeded with times, duration, message and log lines', async () => {
    await namespace.job({
      name: 'tidy',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 0 1 1 *',
      enabled: false,
      command: ['echo', 'tidy'],
    });
    const started = await runNow(alice, 'runs', 'tidy');
    expect(started).toMatchObject({ status: 'pending', startTime: null, endTime: null, duration: null });
    expect(started.name).toMatch(/^tidy-manual-[a-z0-9]{5}$/);
    const running = await waitForRun(alice, 'runs', 'tidy', (run) => run.status === 'running');
    expect(running.startTime).not.toBeNull();
    expect(running.endTime).toBeNull();
    const done = await waitForRun(alice, 'runs', 'tidy', (run) => run.status === 'succeeded');
    expect(done).toMatchObject({ name: started.name, message: 'Completed' });
    expect(Date.parse(String(done.endTime))).toBeGreaterThanOrEqual(Date.parse(String(done.startTime)));
    expect(done.duration).toBe(
      Math.round((Date.parse(String(done.endTime)) - Date.parse(String(done.startTime))) / 1000),
    );
    const lines = await rows<{ line: string }>(
      sql`SELECT l.line FROM log_lines l JOIN container_job_runs r ON r.id = l.source_id
          WHERE l.source_kind = 'job-run' AND r.name = ${started.name} ORDER BY l.id`,
    );
    expect(lines.map((row) => row.line)).toEqual([
      'Pulling image alpine:3.20',
      'Pulled image alpine:3.20',
      'Started echo tidy',
      'Completed',
    ]);
  });

  it('tells a run started by its schedule from one started by hand', async () => {
    await namespace.job({
      name: 'nightly',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 3 * * *',
    });
    const manual = await runNow(alice, 'runs', 'nightly');
    expect(manual.trigger).toBe('MANUAL');
    // The plan says the next scheduled run is due now: the server's scheduler starts it.
    await rows(
      sql`UPDATE container_jobs SET next_run_at = date_trunc('minute', now()) WHERE name = 'nightly'`,
    );
    const scheduled = await waitForRun(alice, 'runs', 'nightly', (run) => run.name !== manual.name);
    expect(scheduled.trigger).toBe('SCHEDULE');
    expect(scheduled.name).toMatch(/^nightly-[0-9]+$/);
    const { runs } = await jobByName(alice, 'runs', 'nightly');
    expect(runs.map((run) => [run.name, run.trigger])).toEqual([
      [scheduled.name, 'SCHEDULE'],
      [manual.name, 'MANUAL'],
    ]);
  });

  it('fails a run whose command exits non-zero, with the exit code as its message', async () => {
    await namespace.job({
      name: 'broken',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 0 1 1 *',
      entrypoint: ['sh', '-c'],
      command: ['exit 3'],
    });
    await runNow(alice, 'runs', 'broken');
    const failed = await waitForRun(alice, 'runs', 'broken', (run) => run.status === 'failed');
    expect(failed.message).toBe('Exited with code 3');
  });

  it('finishes a run in progress after the job is disabled', async () => {
    await runNow(alice, 'runs', 'broken');
    await waitForRun(alice, 'runs', 'broken', (run) => run.status === 'running');
    await alice.data(MODIFY_JOB, { input: { name: 'broken', namespace: 'runs', enabled: false } });
    const finished = await waitForRun(alice, 'runs', 'broken', (run) => run.status === 'failed');
    expect(finished.endTime).not.toBeNull();
    expect((await jobByName(alice, 'runs', 'broken')).runs).toHaveLength(2);
  });

  it('keeps the newest 100 finished runs, newest first, and a run in progress until it ends', async () => {
    await namespace.job({
      name: 'often',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 0 1 1 *',
    });
    const names: string[] = [];
    for (let index = 0; index < 103; index++) names.push((await runNow(alice, 'runs', 'often')).name);
    const finished = (status: string) => status === 'succeeded' || status === 'failed';
    await eventually(
      'every run of often to finish',
      async () =>
        (await jobByName(alice, 'runs', 'often')).runs.every((run) => finished(run.status))
          ? true
          : undefined,
      { timeoutMs: 30_000 },
    );
    // The next run prunes every finished run beyond the newest 100; it is kept itself, in progress.
    names.push((await runNow(alice, 'runs', 'often')).name);
    const { runs } = await jobByName(alice, 'runs', 'often');
    expect(runs.map((run) => run.name)).toEqual(names.slice(3).reverse());
  });

  it('deletes a job with its runs and their log lines', async () => {
    await alice.data(DELETE_JOB, { name: 'tidy', namespace: 'runs' });
    await eventually('job tidy to disappear', async () => {
      const { body } = await alice.gql(JOB, { name: 'tidy', namespace: 'runs' });
      return body.errors?.[0]?.extensions?.code === 'NOT_FOUND' ? true : undefined;
    });
    expect(await rows(sql`SELECT id FROM container_job_runs WHERE name LIKE 'tidy-%'`)).toEqual([]);
    expect(
      await rows(sql`SELECT l.id FROM log_lines l WHERE l.source_kind = 'job-run' AND NOT EXISTS
        (SELECT 1 FROM container_job_runs r WHERE r.id = l.source_id)`),
    ).toEqual([]);
  });
});
