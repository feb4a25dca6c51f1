import { describe, expect, it } from 'vitest';
import { DELETE_JOB, JOB, MODIFY_JOB, RUN_JOB, createJob, waitForJob } from '../support/container-jobs.ts';
import { expectGraphQLError } from '../support/http.ts';
import { jobsIn, useJobsServer } from './setup.ts';

const { subscribed } = useJobsServer();

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
