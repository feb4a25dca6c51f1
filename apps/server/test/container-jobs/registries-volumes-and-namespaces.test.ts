import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { CREATE_JOB, MODIFY_JOB, createJob, waitForJob } from '../support/container-jobs.ts';
import { expectGraphQLError } from '../support/http.ts';
import { DELETE_NAMESPACE } from '../support/queries.ts';
import { DELETE_REGISTRY } from '../support/registries.ts';
import { DELETE_VOLUME } from '../support/volumes.ts';
import { useJobsServer } from './setup.ts';

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

const { subscribed } = useJobsServer();

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
