import type { CoreV1Api } from '@kubernetes/client-node';
import type { Database } from '../../db/client.ts';
import type { RuntimeReports } from '../runtime-port.ts';
import type { ClusterApi } from './cluster-api.ts';
import { parseTimedLines } from './follow-logs.ts';
import { resourceOf, type KubernetesObject } from './objects.ts';
import { WORKLOAD_CONTAINER } from './render-workloads.ts';
import { runOf, runTriggerOf, type Job, type Pod } from './status.ts';
import type { Observer } from './watch-containers.ts';

// Container job runs' news from the cluster: a Job of a container job is one of its runs. Each change is
// applied in a transaction that locks the job's row, so several Berth processes record each transition once.

interface Logger {
  warn(payload: object, message: string): void;
}

export function runObserver(deps: {
  database: Database;
  reports: RuntimeReports;
  api: ClusterApi;
  core: CoreV1Api;
  log: Logger;
}) {
  const { database, reports, api, core, log } = deps;

  /** The pod a finished run ran in: its exit code and its log (the pod log API, with timestamps). */
  async function finishedPod(job: Job) {
    const namespace = job.metadata.namespace ?? '';
    const pods = await api.list<KubernetesObject & Pod>(
      'v1',
      'Pod',
      namespace,
      `job-name=${job.metadata.name}`,
    );
    const pod = pods.items.at(-1);
    if (!pod) return { exitCode: undefined, lines: [] };
    const status = pod.status?.containerStatuses?.find((candidate) => candidate.name === WORKLOAD_CONTAINER);
    const text = await core
      .readNamespacedPodLog({
        name: pod.metadata.name,
        namespace,
        container: WORKLOAD_CONTAINER,
        timestamps: true,
      })
      .catch((error: unknown) => {
        log.warn({ err: error, pod: pod.metadata.name }, 'the run log could not be read');
        return '';
      });
    return { exitCode: status?.state?.terminated?.exitCode, lines: parseTimedLines(text) };
  }

  /** A Job of a container job is one of its runs; one the CronJob started is recorded if Berth has not. */
  const observeJob: Observer<Job> = async (job, deleted) => {
    const resource = resourceOf(job.metadata.labels);
    if (resource?.kind !== 'container-job') return;
    await database.db.transaction(async (tx) => {
      if (!(await reports.lockJob(tx, resource.id))) return;
      const name = job.metadata.name;
      let run = await reports.runNamed(tx, resource.id, name);
      if (!run) {
        if (deleted) return;
        await reports.runAppeared(tx, { jobId: resource.id, name, trigger: runTriggerOf(job) });
        run = await reports.runNamed(tx, resource.id, name);
      }
      if (!run || run.status === 'succeeded' || run.status === 'failed') return;
      if (deleted) {
        await reports.runFinished(tx, run.id, {
          status: 'failed',
          endTime: new Date(),
          message: 'Stopped: its Job was deleted',
        });
        return;
      }
      const outcome = runOf(job);
      if (outcome.status === 'pending') return;
      if (run.status === 'pending') await reports.runStarted(tx, run.id, outcome.startTime);
      if (outcome.attempts > Math.max(run.attempts, 1))
        await reports.runRetried(tx, run.id, outcome.attempts);
      if (outcome.status === 'running') return;
      const pod = await finishedPod(job);
      const finished = runOf(job, pod.exitCode);
      if (finished.status !== 'succeeded' && finished.status !== 'failed') return;
      // The whole log, read once more: what its follow recorded already is left out.
      await reports.loggedAgain(tx, { kind: 'job-run', id: run.id }, pod.lines);
      await reports.runFinished(tx, run.id, {
        status: finished.status,
        endTime: finished.endTime,
        message: finished.message,
      });
    });
  };

  return observeJob;
}
