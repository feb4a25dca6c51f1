import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { MODIFY_JOB, RUN_JOB, waitForJob } from '../support/container-jobs.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import type { SeededNamespace } from '../support/seed.ts';
import { useJobsServer } from './setup.ts';

// Runs a customer controls (issue 28): a timeout stops a run that takes too long, retries start a failed
// command again within the same run, and a run in progress can be stopped by hand.

const { subscribed, rows } = useJobsServer();

const JOB_RUNS = graphql(`
  query JobRunControl($name: String!, $namespace: String!) {
    containerJob(name: $name, namespace: $namespace) {
      timeoutSeconds
      retries
      runs {
        name
        status
        message
        attempts
        endTime
      }
    }
  }
`);

const STOP_RUN = graphql(`
  mutation StopJobRun($name: String!, $namespace: String!, $run: String!) {
    containerJobRunStop(scheduledJob: { name: $name, namespace: $namespace }, run: $run) {
      name
      status
      message
      endTime
    }
  }
`);

describe('run control', () => {
  let alice: TestCustomer;
  let namespace: SeededNamespace;
  const job = (name: string, command: string, extra: { timeoutSeconds?: number; retries?: number } = {}) =>
    namespace.job({
      name,
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 0 1 1 *',
      entrypoint: ['sh', '-c'],
      command: [command],
      ...extra,
    });
  const runNow = async (name: string) =>
    (await alice.data(RUN_JOB, { name, namespace: 'control' })).containerJobRun.name;
  const jobOf = async (name: string) =>
    (await alice.data(JOB_RUNS, { name, namespace: 'control' })).containerJob;
  const runOf = async (job: string, run: string) =>
    (await jobOf(job)).runs.find((found) => found.name === run);
  const ended = (job: string, run: string) =>
    eventually(
      `run ${run} to end`,
      async () => {
        const found = await runOf(job, run);
        return found && (found.status === 'failed' || found.status === 'succeeded') ? found : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
  const logOf = async (run: string) =>
    (
      await rows<{ line: string }>(
        sql`SELECT l.line FROM log_lines l JOIN container_job_runs r ON r.id = l.source_id
            WHERE l.source_kind = 'job-run' AND r.name = ${run} ORDER BY l.id`,
      )
    ).map((row) => row.line);

  beforeAll(async () => {
    namespace = await subscribed().namespace('control');
    alice = namespace.customer;
  });

  it('stops a run that takes longer than its timeout, and says so', async () => {
    await job('slow', 'sleep 60', { timeoutSeconds: 1 });
    expect(await jobOf('slow')).toMatchObject({ timeoutSeconds: 1, retries: 0 });
    const run = await runNow('slow');
    const finished = await ended('slow', run);
    expect(finished).toMatchObject({
      status: 'failed',
      message: 'Stopped after its timeout of 1 s',
      attempts: 1,
    });
    expect((await logOf(run)).at(-1)).toBe('Stopped after its timeout of 1 s');
  });

  it('starts a failed command again while retries allow, within the same run', async () => {
    await job('flaky', 'exit 4', { retries: 2 });
    const run = await runNow('flaky');
    const finished = await ended('flaky', run);
    expect(finished).toMatchObject({ status: 'failed', message: 'Exited with code 4', attempts: 3 });
    const log = await logOf(run);
    expect(log.filter((line) => line === 'exited with code 4')).toHaveLength(3);
    expect(log).toContain('Retrying: attempt 2 of 3');
    expect(log).toContain('Retrying: attempt 3 of 3');

    // A command that succeeds is not retried.
    await job('fine', 'echo ok', { retries: 2 });
    expect(await ended('fine', await runNow('fine'))).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('changes the timeout and retries; null removes the limit, leaving it out keeps it', async () => {
    await alice.data(MODIFY_JOB, { input: { name: 'slow', namespace: 'control', retries: 1 } });
    expect(await jobOf('slow')).toMatchObject({ timeoutSeconds: 1, retries: 1 });
    await waitForJob(alice, 'control', 'slow');
    await alice.data(MODIFY_JOB, { input: { name: 'slow', namespace: 'control', timeoutSeconds: null } });
    expect(await jobOf('slow')).toMatchObject({ timeoutSeconds: null, retries: 1 });
  });

  it('refuses a timeout beyond a day or below a second, and more than five retries', async () => {
    for (const [input, field] of [
      [{ timeoutSeconds: 0 }, 'timeoutSeconds'],
      [{ timeoutSeconds: 86_401 }, 'timeoutSeconds'],
      [{ retries: 6 }, 'retries'],
      [{ retries: -1 }, 'retries'],
    ] as const) {
      const error = expectGraphQLError(
        await alice.gql(MODIFY_JOB, { input: { name: 'fine', namespace: 'control', ...input } }),
        'BAD_USER_INPUT',
      );
      expect(error.extensions?.field).toBe(field);
    }
    expect(await jobOf('fine')).toMatchObject({ timeoutSeconds: null, retries: 2 });
  });

  it('stops a running run by hand: it fails saying who stopped it, and its command is killed', async () => {
    await job('long', 'sleep 60');
    const run = await runNow('long');
    await eventually('long to run', async () =>
      (await runOf('long', run))?.status === 'running' ? true : undefined,
    );
    const stopped = await alice.data(STOP_RUN, { name: 'long', namespace: 'control', run });
    expect(stopped.containerJobRunStop).toMatchObject({
      name: run,
      status: 'failed',
      message: `Stopped by ${alice.email}`,
    });
    expect(stopped.containerJobRunStop.endTime).not.toBeNull();
    expect((await logOf(run)).at(-1)).toBe('Stopped: the command was killed');
    // The runtime carries it out no further.
    expect(
      await rows(sql`SELECT 1 FROM simulated_job_runs r JOIN container_job_runs j ON j.id = r.run_id
                          WHERE j.name = ${run}`),
    ).toEqual([]);

    const again = expectGraphQLError(
      await alice.gql(STOP_RUN, { name: 'long', namespace: 'control', run }),
      'BAD_USER_INPUT',
    );
    expect(again.message).toBe(`Run ${run} has already ended: it failed`);
    expectGraphQLError(
      await alice.gql(STOP_RUN, { name: 'long', namespace: 'control', run: 'nope' }),
      'NOT_FOUND',
    );
  });

  it("cannot stop another customer's run", async () => {
    const run = await runNow('long');
    const mallory = (await subscribed().namespace('control')).customer;
    expectGraphQLError(await mallory.gql(STOP_RUN, { name: 'long', namespace: 'control', run }), 'NOT_FOUND');
    expect((await runOf('long', run))?.status).not.toBe('failed');
    await alice.data(STOP_RUN, { name: 'long', namespace: 'control', run });
  });
});
