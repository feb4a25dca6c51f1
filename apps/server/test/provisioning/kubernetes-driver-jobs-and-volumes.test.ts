import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { RUN_JOB, createJob, jobByName } from '../support/container-jobs.ts';
import { graphql } from '../generated/gql.ts';
import { eventually } from '../support/http.ts';
import { CREATE_VOLUME, DELETE_VOLUME, waitForVolume } from '../support/volumes.ts';
import { useKubernetesDriverWorld } from './kubernetes-driver-setup.ts';
import type { KubeObject } from '../support/kubernetes-stand-in.ts';

// The Kubernetes driver's container jobs and volumes against a local stand-in of the API server: a job is a
// CronJob, a run a Job whose pod and conditions make its status and log; a volume is a claim.

const { world, expectServerSideApply } = useKubernetesDriverWorld();

const STOP_RUN = graphql(`
  mutation KubernetesStopRun($name: String!, $namespace: String!, $run: String!) {
    containerJobRunStop(scheduledJob: { name: $name, namespace: $namespace }, run: $run) {
      status
      message
    }
  }
`);

describe('the kubernetes driver', () => {
  it('runs a job now as a Job of its CronJob; its pod and conditions make the run, with its log', async () => {
    await createJob(world.alice, {
      name: 'nightly',
      namespace: 'shop',
      image: 'busybox:1.36',
      resources: 'CPU_250_RAM_500',
      command: ['echo', 'done'],
      schedule: '30 2 * * *',
    });
    await eventually('the CronJob', async () =>
      world.cluster.get('batch/v1', 'CronJob', world.runtimeNamespace, 'nightly'),
    );
    expectServerSideApply(`/apis/batch/v1/namespaces/${world.runtimeNamespace}/cronjobs/nightly`);
    await eventually('the job created', async () =>
      (await jobByName(world.alice, 'shop', 'nightly'))?.state === 'created' ? true : undefined,
    );
    const { containerJobRun: run } = await world.alice.data(RUN_JOB, { name: 'nightly', namespace: 'shop' });
    const job = world.cluster.get('batch/v1', 'Job', world.runtimeNamespace, run.name);
    expect(job?.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'CronJob',
        name: 'nightly',
        uid: world.cluster.get('batch/v1', 'CronJob', world.runtimeNamespace, 'nightly')?.metadata.uid,
      }),
    ]);
    expectServerSideApply(`/apis/batch/v1/namespaces/${world.runtimeNamespace}/jobs/${run.name}`);

    const started = new Date(Date.now() - 5000).toISOString();
    world.cluster.setStatus('batch/v1', 'Job', world.runtimeNamespace, run.name, {
      startTime: started,
      active: 1,
    });
    await eventually('the run running', async () => {
      const current = (await jobByName(world.alice, 'shop', 'nightly'))?.runs.find(
        (candidate) => candidate.name === run.name,
      );
      return current?.status === 'running' ? current : undefined;
    });
    const podName = `${run.name}-x7k2p`;
    const runPod = (status: object): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: podName,
        namespace: world.runtimeNamespace,
        labels: { ...job?.metadata.labels, 'job-name': run.name },
      },
      status,
    });
    const runLines = async () =>
      (
        await queryRows<{ line: string }>(
          world.server.berth.database.db,
          sql`SELECT l.line FROM log_lines l JOIN container_job_runs r ON r.id = l.source_id
              WHERE l.source_kind = 'job-run' AND r.name = ${run.name} ORDER BY l.id`,
        )
      ).map((row) => row.line);
    world.cluster.writePodLog(world.runtimeNamespace, podName, [{ text: 'starting', at: new Date(started) }]);
    world.cluster.put(
      runPod({ phase: 'Running', containerStatuses: [{ name: 'app', ready: true, state: { running: {} } }] }),
    );
    // Live while it runs: its pod's log is followed.
    await eventually('the first line recorded', async () =>
      (await runLines()).includes('starting') ? true : undefined,
    );
    world.cluster.writePodLog(world.runtimeNamespace, podName, ['done']);
    await eventually('the next line recorded', async () =>
      (await runLines()).includes('done') ? true : undefined,
    );
    world.cluster.writePodLog(world.runtimeNamespace, podName, ['bye']);
    world.cluster.endPodLog(world.runtimeNamespace, podName);
    world.cluster.put(
      runPod({
        phase: 'Succeeded',
        containerStatuses: [{ name: 'app', ready: false, state: { terminated: { exitCode: 0 } } }],
      }),
    );
    const completed = new Date().toISOString();
    world.cluster.setStatus('batch/v1', 'Job', world.runtimeNamespace, run.name, {
      startTime: started,
      completionTime: completed,
      conditions: [{ type: 'Complete', status: 'True', lastTransitionTime: completed }],
    });
    const finished = await eventually('the run succeeded', async () => {
      const current = (await jobByName(world.alice, 'shop', 'nightly'))?.runs.find(
        (candidate) => candidate.name === run.name,
      );
      return current?.status === 'succeeded' ? current : undefined;
    });
    expect(finished).toMatchObject({
      trigger: 'MANUAL',
      message: 'Completed',
      startTime: started,
      endTime: completed,
    });
    // Its whole log, read again as it ended, adds what the follow had not recorded, and nothing twice.
    expect(await runLines()).toEqual(['starting', 'done', 'bye']);
  });

  it("counts a run's attempts from its Job, tells a timeout, and stops a run by deleting its Job", async () => {
    await createJob(world.alice, {
      name: 'bounded',
      namespace: 'shop',
      image: 'busybox:1.36',
      resources: 'CPU_250_RAM_500',
      command: ['sh', '-c', 'sleep 900'],
      schedule: '30 2 * * *',
      timeoutSeconds: 600,
      retries: 2,
    });
    await eventually('the job created', async () =>
      (await jobByName(world.alice, 'shop', 'bounded'))?.state === 'created' ? true : undefined,
    );
    const runOf = async (name: string) =>
      (await jobByName(world.alice, 'shop', 'bounded'))?.runs.find((candidate) => candidate.name === name);
    const { containerJobRun: run } = await world.alice.data(RUN_JOB, { name: 'bounded', namespace: 'shop' });
    expect(world.cluster.get('batch/v1', 'Job', world.runtimeNamespace, run.name)?.spec).toMatchObject({
      backoffLimit: 2,
      activeDeadlineSeconds: 600,
    });

    const started = new Date(Date.now() - 5000).toISOString();
    world.cluster.setStatus('batch/v1', 'Job', world.runtimeNamespace, run.name, {
      startTime: started,
      failed: 1,
      active: 1,
    });
    await eventually('the second attempt', async () =>
      (await runOf(run.name))?.attempts === 2 ? true : undefined,
    );
    const ended = new Date().toISOString();
    world.cluster.setStatus('batch/v1', 'Job', world.runtimeNamespace, run.name, {
      startTime: started,
      failed: 2,
      conditions: [{ type: 'Failed', status: 'True', reason: 'DeadlineExceeded', lastTransitionTime: ended }],
    });
    const timedOut = await eventually('the run failed', async () => {
      const current = await runOf(run.name);
      return current?.status === 'failed' ? current : undefined;
    });
    expect(timedOut).toMatchObject({
      message: 'Stopped after its timeout of 600 s',
      attempts: 2,
      endTime: ended,
    });

    const { containerJobRun: second } = await world.alice.data(RUN_JOB, {
      name: 'bounded',
      namespace: 'shop',
    });
    const { containerJobRunStop: stopped } = await world.alice.data(STOP_RUN, {
      name: 'bounded',
      namespace: 'shop',
      run: second.name,
    });
    expect(stopped).toMatchObject({ status: 'failed', message: `Stopped by ${world.alice.email}` });
    await eventually('the Job deleted', async () =>
      world.cluster.get('batch/v1', 'Job', world.runtimeNamespace, second.name) ? undefined : true,
    );
    // The watch hears of the deletion; the run stays as it was stopped.
    expect(await runOf(second.name)).toMatchObject({
      status: 'failed',
      message: `Stopped by ${world.alice.email}`,
    });
  });

  it('records a run the CronJob started on its schedule', async () => {
    const scheduledAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const name = `nightly-${scheduledAt.getTime() / 60_000}`;
    const cronJob = world.cluster.get('batch/v1', 'CronJob', world.runtimeNamespace, 'nightly');
    const template = (cronJob?.spec as { jobTemplate: { metadata: { labels: Record<string, string> } } })
      .jobTemplate;
    world.cluster.put({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name,
        namespace: world.runtimeNamespace,
        labels: template.metadata.labels,
        annotations: { 'batch.kubernetes.io/cronjob-scheduled-timestamp': scheduledAt.toISOString() },
      },
      status: { startTime: new Date().toISOString(), active: 1 },
    });
    const recorded = await eventually('the scheduled run', async () =>
      (await jobByName(world.alice, 'shop', 'nightly'))?.runs.find((candidate) => candidate.name === name),
    );
    expect(recorded).toMatchObject({ trigger: 'SCHEDULE', status: 'running' });
  });

  it('applies a volume as a claim and releases it on delete', async () => {
    const { volumeCreate } = await world.alice.data(CREATE_VOLUME, {
      name: 'data',
      namespace: 'shop',
      size: 10,
    });
    await waitForVolume(world.alice, volumeCreate.id, 'created');
    expectServerSideApply(`/api/v1/namespaces/${world.runtimeNamespace}/persistentvolumeclaims/volume-data`);
    expect(
      world.cluster.get('v1', 'PersistentVolumeClaim', world.runtimeNamespace, 'volume-data')?.spec,
    ).toMatchObject({
      resources: { requests: { storage: '10G' } },
    });
    await world.alice.data(DELETE_VOLUME, { name: 'data', namespace: 'shop' });
    await eventually('the claim gone', async () =>
      world.cluster.get('v1', 'PersistentVolumeClaim', world.runtimeNamespace, 'volume-data')
        ? undefined
        : true,
    );
  });
});
