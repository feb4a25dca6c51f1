import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContainerJobCreateInput } from '../generated/graphql.ts';
import { CREATE_JOB, MODIFY_JOB, RUN_JOB, createJob, waitForJob } from '../support/container-jobs.ts';
import { createContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { jobsIn, useJobsServer } from './setup.ts';

const suite = useJobsServer();
const { subscribed, rows, nextRunAt } = suite;

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
    const { customer: newcomer } = await seed(suite.server).customer().namespace('trial');
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
