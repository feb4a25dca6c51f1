import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE_JOB, MODIFY_JOB, RUN_JOB, jobByName, waitForJob } from '../support/container-jobs.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs } from '../support/queries.ts';
import { useJobsServer } from './setup.ts';

const suite = useJobsServer();
const { subscribed, rows, nextRunAt } = suite;

describe('containerJobModify', () => {
  let alice: TestCustomer;
  const where = { name: 'nightly', namespace: 'patch' };
  beforeAll(async () => {
    const patch = await subscribed().namespace('patch');
    alice = patch.customer;
    await patch.job({
      name: where.name,
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '30 2 * * *',
      command: ['echo', 'hello'],
      environmentVariables: [
        { name: 'KEEP', value: 'same' },
        { name: 'CHANGE', value: 'old' },
        { name: 'DROP', value: 'gone' },
        { name: 'TOKEN', value: 's3cret-value', secret: true },
      ],
    });
  });

  it('changes only what is sent: schedule and variables by name; keeps the rest and the secret', async () => {
    const { containerJobModify: changed } = await alice.data(MODIFY_JOB, {
      input: {
        ...where,
        schedule: '*/10 * * * *',
        environmentVariables: [
          { name: 'CHANGE', value: 'new' },
          { name: 'DROP', value: '', state: 'ABSENT' },
          { name: 'ADD', value: 'added' },
        ],
      },
    });
    expect(changed).toMatchObject({ schedule: '*/10 * * * *', state: 'updating', locked: true });
    const settled = await waitForJob(alice, 'patch', 'nightly');
    expect(settled).toMatchObject({
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      command: ['echo', 'hello'],
      enabled: true,
      schedule: '*/10 * * * *',
    });
    expect(settled.environmentVariables.map(({ name, value, secret }) => ({ name, value, secret }))).toEqual([
      { name: 'ADD', value: 'added', secret: false },
      { name: 'CHANGE', value: 'new', secret: false },
      { name: 'KEEP', value: 'same', secret: false },
      { name: 'TOKEN', value: null, secret: true },
    ]);
    const planned = new Date(String(await nextRunAt('nightly')));
    expect(planned.getUTCMinutes() % 10).toBe(0);
    expect(planned.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('disabling clears the plan, enabling plans the next run again; command null removes it', async () => {
    await alice.data(MODIFY_JOB, { input: { ...where, enabled: false, command: null } });
    const disabled = await waitForJob(alice, 'patch', 'nightly');
    expect(disabled).toMatchObject({ enabled: false, command: null });
    expect(await nextRunAt('nightly')).toBeNull();
    await alice.data(MODIFY_JOB, { input: { ...where, enabled: true } });
    await waitForJob(alice, 'patch', 'nightly', (job) => job.enabled);
    expect(await nextRunAt('nightly')).not.toBeNull();
  });

  it('keeps the plan through a change that leaves schedule and enabled alone: a due run not yet started still starts', async () => {
    // The scheduler polls every second: between a planned time and its next poll the run is due, not started.
    await suite.server.berth.scheduler.stop();
    try {
      const due = new Date(Date.now() - 2000);
      await rows(sql`UPDATE container_jobs SET next_run_at = ${due.toISOString()} WHERE name = 'nightly'`);
      await alice.data(MODIFY_JOB, { input: { ...where, command: ['echo', 'changed'] } });
      expect(new Date(String(await nextRunAt('nightly'))).getTime()).toBe(due.getTime());
      await suite.server.berth.scheduler.runDue();
      const started = await rows<{ scheduled_at: Date | string }>(
        sql`SELECT r.scheduled_at FROM container_job_runs r JOIN container_jobs j ON j.id = r.job_id
            WHERE j.name = 'nightly' AND r.trigger = 'schedule'`,
      );
      expect(started.map((run) => new Date(run.scheduled_at).getTime())).toEqual([due.getTime()]);
    } finally {
      await suite.server.berth.scheduler.start();
      await waitForJob(alice, 'patch', 'nightly');
    }
    await waitForJob(alice, 'patch', 'nightly', (job) => job.runs.every((run) => run.status === 'succeeded'));
  });

  it('validates the resulting whole and changes nothing when it breaks a rule', async () => {
    const before = await jobByName(alice, 'patch', 'nightly');
    const error = expectGraphQLError(
      await alice.gql(MODIFY_JOB, { input: { ...where, image: 'ok:1', schedule: '* * * *' } }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('schedule: invalid pattern');
    expect(await jobByName(alice, 'patch', 'nightly')).toEqual(before);
  });

  it('refuses a change while the job is being changed with CONFLICT', async () => {
    await whileProvisionerPaused(suite.server, async () => {
      await alice.data(MODIFY_JOB, { input: { ...where, image: 'alpine:3.21' } });
      const error = expectGraphQLError(
        await alice.gql(MODIFY_JOB, { input: { ...where, image: 'busybox' } }),
        'CONFLICT',
      );
      expect(error.message).toBe(
        'Container job nightly is being changed (updating); try again when it is done',
      );
      expectGraphQLError(await alice.gql(RUN_JOB, where), 'CONFLICT');
      expectGraphQLError(await alice.gql(DELETE_JOB, where), 'CONFLICT');
    });
    await waitForJob(alice, 'patch', 'nightly', (job) => job.image === 'alpine:3.21');
  });

  it('keeps secret values encrypted at rest and out of the audit log', async () => {
    const [stored] = await rows<{ value: string }>(
      sql`SELECT value FROM container_job_environment_variables WHERE name = 'TOKEN'`,
    );
    expect(stored?.value).toBeDefined();
    expect(stored?.value).not.toContain('s3cret-value');
    const jobEntries = (await auditLogs(alice)).filter((entry) => entry.modelName === 'ContainerJob');
    expect(jobEntries.map((entry) => entry.eventType)).toContain('create');
    expect(JSON.stringify(jobEntries)).not.toContain('s3cret-value');
  });
});
