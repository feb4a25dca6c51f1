import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { ContainerJobCreateInput, RunFieldsFragment } from '../generated/graphql.ts';
import { graphql } from '../generated/gql.ts';
import {
  CREATE_JOB,
  DELETE_JOB,
  JOB,
  MODIFY_JOB,
  NAMESPACE_JOBS,
  RUN_JOB,
  createJob,
  jobByName,
  waitForJob,
} from '../support/container-jobs.ts';
import { createContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs, DELETE_NAMESPACE } from '../support/queries.ts';
import { DELETE_REGISTRY } from '../support/registries.ts';
import { seed, type SeededNamespace } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { DELETE_VOLUME } from '../support/volumes.ts';

const VOLUME_USERS = graphql(`
  query VolumeUsers($namespace: String!) {
    namespace(name: $namespace) {
      volumes {
        name
        containerJobs {
          name
        }
      }
    }
  }
`);

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '100', REGISTRY_VERIFY_ALLOW_PRIVATE: 'true' });
});
afterAll(() => server.close());

const subscribed = () => seed(server).customer({ subscriptions: ['serverless-container'] });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.berth.database.db, query);

async function jobsIn(customer: TestCustomer, namespace: string) {
  return (await customer.data(NAMESPACE_JOBS, { name: namespace })).namespace.containerJobs;
}

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

const nextRunAt = async (name: string) =>
  (
    await rows<{ next_run_at: Date | string | null }>(
      sql`SELECT next_run_at FROM container_jobs WHERE name = ${name}`,
    )
  )[0]?.next_run_at ?? null;

describe('containerJobCreate', () => {
  let alice: TestCustomer;
  const base: ContainerJobCreateInput = {
    name: 'backup',
    namespace: 'jobs',
    image: 'alpine:3.20',
    resources: 'CPU_250_RAM_500',
    schedule: '0 4 * * 1',
  };
  beforeAll(async () => {
    ({ customer: alice } = await subscribed().namespace('jobs'));
  });

  it('creates a job (creating, locked), which becomes created and is listed in its namespace', async () => {
    const created = await createJob(alice, {
      ...base,
      entrypoint: ['sh', '-c'],
      command: ['pg_dump > /backup/db.sql'],
      environmentVariables: [{ name: 'MODE', value: 'full' }],
    });
    expect(created).toMatchObject({
      name: 'backup',
      namespace: { name: 'jobs' },
      image: 'alpine:3.20',
      privateRegistry: null,
      resources: 'CPU_250_RAM_500',
      entrypoint: ['sh', '-c'],
      command: ['pg_dump > /backup/db.sql'],
      schedule: '0 4 * * 1',
      enabled: true,
      environmentVariables: [{ name: 'MODE', value: 'full', secret: false }],
      mounts: [],
      runs: [],
      state: 'creating',
      locked: true,
    });
    await waitForJob(alice, 'jobs', 'backup');
    expect((await jobsIn(alice, 'jobs')).map((job) => job.name)).toEqual(['backup']);
    // The next run is planned at the next Monday 04:00 UTC.
    const planned = new Date(String(await nextRunAt('backup')));
    expect(planned.getUTCDay()).toBe(1);
    expect([planned.getUTCHours(), planned.getUTCMinutes()]).toEqual([4, 0]);
    expect(planned.getTime()).toBeGreaterThan(Date.now());
  });

  it.each<[string, Partial<ContainerJobCreateInput>, RegExp]>([
    ['an uppercase name', { name: 'Backup' }, /^Container job name must contain only lowercase/],
    ['an empty image', { image: ' ' }, /^image: an image is required/],
    ['an uppercase image path', { image: 'Alpine' }, /^image: "Alpine" is not an image reference/],
    [
      'a bad variable name',
      { environmentVariables: [{ name: '1X', value: 'a' }] },
      /^environmentVariables: "1X" is not a variable name/,
    ],
    [
      'a variable twice',
      {
        environmentVariables: [
          { name: 'A', value: '1' },
          { name: 'A', value: '2' },
        ],
      },
      /^environmentVariables: A is given twice/,
    ],
    [
      'a relative mount path',
      { mounts: [{ path: 'data', volume: { name: 'd' } }] },
      /^mounts: path "data" must be an absolute path/,
    ],
    ['a schedule of four fields', { schedule: '0 4 * *' }, /^schedule: invalid pattern$/],
    ['a quartz schedule of six fields', { schedule: '0 0 4 * * ?' }, /^schedule: invalid pattern$/],
    ['minute 61', { schedule: '61 * * * *' }, /^schedule: 61 is not a valid cron segment \(minute\)$/],
    [
      'a step larger than the field',
      { schedule: '*/70 * * * *' },
      /^schedule: \*\/70 is not a valid cron segment \(minute\)$/,
    ],
    [
      'a range backwards',
      { schedule: '0 5-2 * * *' },
      /^schedule: 5-2 is not a valid cron segment \(hour\)$/,
    ],
    ['a date that never comes', { schedule: '0 0 31 2 *' }, /^schedule: 0 0 31 2 \* never matches a date$/],
  ])('refuses %s with BAD_USER_INPUT and writes nothing', async (_case, change, message) => {
    const name = typeof change.name === 'string' ? change.name : 'refused';
    const error = expectGraphQLError(
      await alice.gql(CREATE_JOB, { input: { ...base, name: 'refused', ...change } }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(message);
    expect(await rows(sql`SELECT id FROM container_jobs WHERE name IN (${name}, 'refused')`)).toEqual([]);
    expect(await rows(sql`SELECT id FROM volumes WHERE name = 'd'`)).toEqual([]);
  });

  it('refuses a size outside the enumeration before anything runs', async () => {
    // As text: the variables break the schema on purpose.
    const error = expectGraphQLError(
      await alice.gql(CREATE_JOB.toString(), {
        input: { ...base, name: 'huge', resources: 'CPU_9000_RAM_1' },
      }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toContain('CPU_9000_RAM_1');
  });

  it('refuses a second job of the same name in the namespace', async () => {
    await createJob(alice, { ...base, name: 'twice' });
    const error = expectGraphQLError(
      await alice.gql(CREATE_JOB, { input: { ...base, name: 'twice' } }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('A container job named twice already exists in namespace jobs');
  });

  it('answers NOT_FOUND for a registry that does not exist, and writes nothing', async () => {
    const error = expectGraphQLError(
      await alice.gql(CREATE_JOB, { input: { ...base, name: 'refused', registry: 'nowhere' } }),
      'NOT_FOUND',
    );
    expect(error.message).toBe('Registry nowhere in namespace jobs not found');
    expect(await rows(sql`SELECT id FROM container_jobs WHERE name = 'refused'`)).toEqual([]);
  });

  it('answers NOT_FOUND for a namespace that does not exist', async () => {
    const error = expectGraphQLError(
      await alice.gql(CREATE_JOB, { input: { ...base, namespace: 'nowhere' } }),
      'NOT_FOUND',
    );
    expect(error.message).toBe('Namespace nowhere not found');
  });

  it('refuses a suspended customer with FORBIDDEN for create, modify and run', async () => {
    const jobs = await subscribed().namespace('jobs');
    await jobs.job(base);
    const mallory = await jobs.customer.suspend();
    expectGraphQLError(await mallory.gql(CREATE_JOB, { input: { ...base, name: 'other' } }), 'FORBIDDEN');
    expectGraphQLError(
      await mallory.gql(MODIFY_JOB, { input: { name: 'backup', namespace: 'jobs', enabled: false } }),
      'FORBIDDEN',
    );
    expectGraphQLError(await mallory.gql(RUN_JOB, { name: 'backup', namespace: 'jobs' }), 'FORBIDDEN');
  });

  it('lets a customer without a subscription create only the first job of a namespace (containers apart)', async () => {
    const { customer: newcomer } = await seed(server).customer().namespace('trial');
    await createContainer(newcomer, { name: 'web', namespace: 'trial', image: 'nginx' });
    await createJob(newcomer, { ...base, namespace: 'trial', name: 'first' });
    const error = expectGraphQLError(
      await newcomer.gql(CREATE_JOB, { input: { ...base, namespace: 'trial', name: 'second' } }),
      'FORBIDDEN',
    );
    expect(error.message).toBe(
      'Without a subscription a namespace can hold one container job; subscribe to add more',
    );
    expect((await jobsIn(newcomer, 'trial')).map((job) => job.name)).toEqual(['first']);
  });
});

describe('registries, volumes and namespaces with jobs', () => {
  it('pulls through a registry and mounts volumes; what a job uses cannot be deleted, and a namespace holding jobs neither', async () => {
    const uses = await subscribed().namespace('uses');
    const alice = uses.customer;
    await uses.registry({ name: 'private', source: 'registry.example.com' });
    const missingVolume = expectGraphQLError(
      await alice.gql(CREATE_JOB, {
        input: {
          name: 'report',
          namespace: 'uses',
          image: 'registry.example.com/report:1',
          resources: 'CPU_500_RAM_1000',
          schedule: '*/15 * * * *',
          mounts: [{ path: '/out', volume: { name: 'nope', autoCreate: false } }],
        },
      }),
      'NOT_FOUND',
    );
    expect(missingVolume.message).toBe('Volume nope in namespace uses not found');
    const job = await createJob(alice, {
      name: 'report',
      namespace: 'uses',
      image: 'registry.example.com/report:1',
      registry: 'private',
      resources: 'CPU_500_RAM_1000',
      schedule: '*/15 * * * *',
      mounts: [{ path: '/out', volume: { name: 'reports', size: 1 } }],
    });
    expect(job.privateRegistry).toEqual({ name: 'private' });
    expect(job.mounts).toEqual([{ path: '/out', volume: { name: 'reports' } }]);
    await waitForJob(alice, 'uses', 'report');

    const { namespace } = await alice.data(VOLUME_USERS, { namespace: 'uses' });
    expect(namespace.volumes).toEqual([{ name: 'reports', containerJobs: [{ name: 'report' }] }]);

    const reports = { name: 'reports', namespace: 'uses' };
    const volumeInUse = expectGraphQLError(await alice.gql(DELETE_VOLUME, reports), 'BAD_USER_INPUT');
    expect(volumeInUse.message).toBe('volume reports is used by container job report; unmount it first');
    const registry = { name: 'private', namespace: 'uses' };
    const registryInUse = expectGraphQLError(await alice.gql(DELETE_REGISTRY, registry), 'BAD_USER_INPUT');
    expect(registryInUse.message).toBe(
      'registry private is used by container job report; change or delete them first',
    );
    const held = expectGraphQLError(await alice.gql(DELETE_NAMESPACE, { name: 'uses' }), 'BAD_USER_INPUT');
    expect(held.message).toBe(
      'Namespace uses still holds 1 container job, 1 registry and 1 volume; delete them first',
    );

    // Once the job lets go of both, they can go.
    await alice.data(MODIFY_JOB, {
      input: {
        name: 'report',
        namespace: 'uses',
        registry: null,
        mounts: [{ path: '/out', volume: { name: 'reports' }, state: 'ABSENT' }],
      },
    });
    await waitForJob(
      alice,
      'uses',
      'report',
      (found) => found.mounts.length === 0 && found.privateRegistry === null,
    );
    await alice.data(DELETE_VOLUME, reports);
    await alice.data(DELETE_REGISTRY, registry);
  });
});

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
    await server.berth.scheduler.stop();
    try {
      const due = new Date(Date.now() - 2000);
      await rows(sql`UPDATE container_jobs SET next_run_at = ${due.toISOString()} WHERE name = 'nightly'`);
      await alice.data(MODIFY_JOB, { input: { ...where, command: ['echo', 'changed'] } });
      expect(new Date(String(await nextRunAt('nightly'))).getTime()).toBe(due.getTime());
      await server.berth.scheduler.runDue();
      const started = await rows<{ scheduled_at: Date | string }>(
        sql`SELECT r.scheduled_at FROM container_job_runs r JOIN container_jobs j ON j.id = r.job_id
            WHERE j.name = 'nightly' AND r.trigger = 'schedule'`,
      );
      expect(started.map((run) => new Date(run.scheduled_at).getTime())).toEqual([due.getTime()]);
    } finally {
      await server.berth.scheduler.start();
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
    await whileProvisionerPaused(server, async () => {
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

describe('isolation', () => {
  it('gives another customer NOT_FOUND for every query and mutation of a job', async () => {
    const { customer: alice } = await subscribed().namespace('private');
    const { customer: bob } = await subscribed().namespace('private');
    await createJob(alice, {
      name: 'secret-job',
      namespace: 'private',
      image: 'alpine',
      resources: 'CPU_250_RAM_500',
      schedule: '0 * * * *',
    });
    const where = { name: 'secret-job', namespace: 'private' };
    for (const request of [
      () => bob.gql(JOB, where),
      () => bob.gql(MODIFY_JOB, { input: { ...where, image: 'evil' } }),
      () => bob.gql(DELETE_JOB, where),
      () => bob.gql(RUN_JOB, where),
    ]) {
      const error = expectGraphQLError(await request(), 'NOT_FOUND');
      expect(error.message).toBe('Container job secret-job in namespace private not found');
    }
    expect(await jobsIn(bob, 'private')).toEqual([]);
    const job = await waitForJob(alice, 'private', 'secret-job');
    expect(job).toMatchObject({ image: 'alpine', runs: [] });
  });
});
