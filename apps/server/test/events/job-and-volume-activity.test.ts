import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { RUN_JOB, createJob, waitForJob } from '../support/container-jobs.ts';
import { eventually } from '../support/http.ts';
import { CREATE_VOLUME, waitForVolume } from '../support/volumes.ts';
import { useObservedWorld } from './setup.ts';

const world = useObservedWorld();

const JOB_ACTIVITY = graphql(`
  query JobActivity($name: String!, $namespace: String!) {
    containerJob(name: $name, namespace: $namespace) {
      events {
        type
        message
      }
      metrics(range: DAY) {
        series {
          metric
          unit
          points {
            average
          }
        }
      }
    }
  }
`);
const VOLUME_EVENTS = graphql(`
  mutation GrowVolume($name: String!, $namespace: String!, $size: Int!) {
    volumeIncrease(volumeInput: { name: $name, namespace: $namespace, size: $size }) {
      id
    }
  }
`);
const VOLUME_WITH_EVENTS = graphql(`
  query VolumeWithEvents($id: ID!) {
    volume(id: $id) {
      events {
        type
        message
        account {
          email
        }
      }
    }
  }
`);

describe('events and metrics of a container job', () => {
  it('tell each run started and finished, and chart how long runs take', async () => {
    await createJob(world.alice, {
      name: 'nightly',
      namespace: 'observed',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 4 * * 1',
      entrypoint: ['sh', '-c'],
      command: ['exit 3'],
    });
    await waitForJob(world.alice, 'observed', 'nightly');
    const { containerJobRun: run } = await world.alice.data(RUN_JOB, {
      name: 'nightly',
      namespace: 'observed',
    });
    const job = await eventually('the run to finish', async () => {
      const { containerJob } = await world.alice.data(JOB_ACTIVITY, {
        name: 'nightly',
        namespace: 'observed',
      });
      return containerJob.events.some((event) => event.type === 'RUN_FINISHED') ? containerJob : undefined;
    });
    expect(job.events.filter((event) => event.type.startsWith('RUN_'))).toEqual([
      { type: 'RUN_FINISHED', message: `Run ${run.name} failed: Exited with code 3` },
      { type: 'RUN_STARTED', message: `Run ${run.name} started manually` },
    ]);
    expect(job.events.at(-1)).toMatchObject({ type: 'CREATED' });
    const [durations] = job.metrics.series;
    expect(durations).toMatchObject({ metric: 'RUN_DURATION_SECONDS', unit: 's' });
    expect(durations?.points).toHaveLength(1);
    expect(durations?.points[0]?.average).toBeGreaterThan(0);
  });
});

describe('events of a volume', () => {
  it('tell it grew, after who asked for it', async () => {
    const { volumeCreate } = await world.alice.data(CREATE_VOLUME, {
      name: 'data',
      namespace: 'observed',
      size: 10,
    });
    await waitForVolume(world.alice, volumeCreate.id, 'created');
    await world.alice.data(VOLUME_EVENTS, { name: 'data', namespace: 'observed', size: 20 });
    await waitForVolume(world.alice, volumeCreate.id, 'created');
    const { volume } = await world.alice.data(VOLUME_WITH_EVENTS, { id: volumeCreate.id });
    expect(volume?.events).toEqual([
      { type: 'VOLUME_GROWN', message: 'Grown to 20 GB', account: null },
      { type: 'CHANGED', message: 'Changed size', account: { email: world.alice.email } },
      { type: 'CREATED', message: 'Created', account: { email: world.alice.email } },
    ]);
  });
});
