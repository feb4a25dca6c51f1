import {
  CoreV1Api,
  makeInformer,
  type KubeConfig,
  type KubernetesListObject,
  type KubernetesObject as ClientObject,
} from '@kubernetes/client-node';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { containerJobRuns, containerReplicas, logLines } from '../../db/schema.ts';
import { updateRun } from '../../modules/container-jobs/runs.ts';
import { createContainerJobStore } from '../../modules/container-jobs/store.ts';
import { failDeploy, finishDeploy } from '../../modules/containers/deploys.ts';
import { createContainerStore, type ContainerRow } from '../../modules/containers/store.ts';
import { recordEvent } from '../../modules/events/store.ts';
import { startMeter, stopMeters } from '../../modules/metering/meters.ts';
import type { ClusterApi } from './cluster-api.ts';
import { MANAGED_SELECTOR, resourceOf, type KubernetesObject } from './objects.ts';
import { WORKLOAD_CONTAINER } from './render-workloads.ts';
import {
  deployOutcome,
  replicaOf,
  runOf,
  runTriggerOf,
  type Job,
  type KnativeService,
  type Pod,
} from './status.ts';

// Status flows back from the cluster by watching what Berth manages (its label): Knative Services finish
// or fail deploys, pods are replicas, Jobs are runs. Each change is applied in a transaction that locks the
// resource's row and writes only what differs, so several Berth processes watching the same cluster record
// each transition (and its event, its meter) once. Events of one kind are applied in the order they came.

/** How long a watch that broke (the API server went away, a timeout) waits before listing again. */
const RESTART_MS = 2000;

interface Logger {
  warn(payload: object, message: string): void;
}

type Observer<T> = (object: T, deleted: boolean) => Promise<void>;

export function createStatusWatch(deps: {
  kubeConfig: KubeConfig;
  api: ClusterApi;
  database: Database;
  log: Logger;
}) {
  const { api, database, log } = deps;
  const core = deps.kubeConfig.makeApiClient(CoreV1Api);
  const informers: { start(): Promise<void>; stop(): Promise<void> }[] = [];
  let stopped = false;

  function watch<T>(path: string, apiVersion: string, kind: string, observe: Observer<T>) {
    const list = () =>
      api.list(apiVersion, kind, undefined, MANAGED_SELECTOR) as Promise<KubernetesListObject<ClientObject>>;
    const informer = makeInformer(deps.kubeConfig, path, list, MANAGED_SELECTOR);
    let queue = Promise.resolve();
    const enqueue = (object: ClientObject, deleted: boolean) => {
      queue = queue
        .then(() => observe(object as T, deleted))
        .catch((error: unknown) =>
          log.warn({ err: error, kind, name: object.metadata?.name }, 'status update failed'),
        );
    };
    informer.on('add', (object) => enqueue(object, false));
    informer.on('update', (object) => enqueue(object, false));
    informer.on('delete', (object) => enqueue(object, true));
    // A list or watch that fails (the API server unreachable, a timeout) is tried again, listing afresh.
    const restart = (error: unknown) => {
      if (stopped) return;
      log.warn({ err: error, kind }, 'watch ended; listing again');
      setTimeout(() => {
        if (!stopped) informer.start().catch(restart);
      }, RESTART_MS).unref();
    };
    informer.on('error', restart);
    informers.push({ start: () => informer.start().catch(restart), stop: () => informer.stop() });
  }

  /** A deploy is over when the Service is ready, or failed, for the latest change Berth applied. */
  const observeService: Observer<KnativeService> = async (service, deleted) => {
    const resource = resourceOf(service.metadata.labels);
    if (resource?.kind !== 'container' || deleted) return;
    const outcome = deployOutcome(service);
    if (outcome.state === 'progressing') return;
    await database.db.transaction(async (tx) => {
      const store = createContainerStore(tx);
      await store.lock(resource.id);
      const container = await store.findAnyById(resource.id);
      // A change not yet handed to the cluster (its task waits) is not what this status speaks of.
      if (!container || !['creating', 'updating'].includes(container.state)) return;
      if (await taskPending(tx, resource.id)) return;
      if (outcome.state === 'failed') await failDeploy(tx, container, outcome.message);
      else await finishDeploy(tx, container, container.image);
    });
  };

  async function taskPending(tx: Db, containerId: number) {
    const rows = await queryRows(
      tx,
      sql`SELECT 1 FROM provisioning_tasks WHERE resource_kind = 'container' AND resource_id = ${containerId} LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** A pod of a container is one of its replicas: appears, changes status, goes. */
  const observePod: Observer<Pod> = async (pod, deleted) => {
    const resource = resourceOf(pod.metadata.labels);
    if (resource?.kind !== 'container') return;
    await database.db.transaction(async (tx) => {
      const store = createContainerStore(tx);
      await store.lock(resource.id);
      const container = await store.findAnyById(resource.id);
      if (!container) return;
      const subject = { kind: 'container', id: container.id } as const;
      const [existing] = await tx
        .select()
        .from(containerReplicas)
        .where(
          and(eq(containerReplicas.containerId, container.id), eq(containerReplicas.name, pod.metadata.name)),
        );
      if (deleted) {
        if (!existing) return;
        await stopMeters(tx, [{ kind: 'replica', id: existing.id }]);
        await tx.delete(containerReplicas).where(eq(containerReplicas.id, existing.id));
        await recordEvent(tx, subject, 'REPLICA_STOPPED', `Replica ${existing.name} stopped`);
        await aimFor(tx, container);
        return;
      }
      const next = replicaOf(pod);
      const failedNow = next.status === 'failed' && existing?.status !== 'failed';
      let replicaId = existing?.id;
      if (!existing) {
        const [inserted] = await tx
          .insert(containerReplicas)
          .values({
            containerId: container.id,
            name: pod.metadata.name,
            image: next.image || container.image,
            status: next.status,
            statusMessage: next.message,
            failures: failedNow ? 1 : 0,
          })
          .returning();
        replicaId = inserted?.id;
      } else if (existing.status !== next.status || existing.statusMessage !== next.message) {
        await tx
          .update(containerReplicas)
          .set({
            status: next.status,
            statusMessage: next.message,
            failures: existing.failures + (failedNow ? 1 : 0),
          })
          .where(eq(containerReplicas.id, existing.id));
      }
      if (replicaId === undefined) return;
      if (next.status === 'running' && existing?.status !== 'running' && existing?.status !== 'terminating') {
        await startMeter(tx, { kind: 'replica', id: replicaId });
        await recordEvent(tx, subject, 'REPLICA_STARTED', `Replica ${pod.metadata.name} started`);
      }
      if (failedNow) {
        await recordEvent(
          tx,
          subject,
          'REPLICA_FAILED',
          `Replica ${pod.metadata.name} failed: ${next.message}`,
        );
      }
      await aimFor(tx, container);
    });
  };

  /** The count the cluster aims for: the configured one, or what the autoscaler keeps running. */
  async function aimFor(tx: Db, container: ContainerRow) {
    const live = await tx
      .select({ status: containerReplicas.status })
      .from(containerReplicas)
      .where(eq(containerReplicas.containerId, container.id));
    const count =
      'replicas' in container.scaling
        ? container.scaling.replicas
        : live.filter((replica) => replica.status !== 'terminating').length;
    if (container.desiredReplicas !== count) {
      await createContainerStore(tx).update(container.id, { desiredReplicas: count });
    }
  }

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
    return { exitCode: status?.state?.terminated?.exitCode, lines: parseLog(text) };
  }

  /** A Job of a container job is one of its runs; one the CronJob started is recorded if Berth has not. */
  const observeJob: Observer<Job> = async (job, deleted) => {
    const resource = resourceOf(job.metadata.labels);
    if (resource?.kind !== 'container-job') return;
    await database.db.transaction(async (tx) => {
      const jobs = createContainerJobStore(tx);
      await jobs.lock(resource.id);
      if (!(await jobs.findAnyById(resource.id))) return;
      const byName = and(
        eq(containerJobRuns.jobId, resource.id),
        eq(containerJobRuns.name, job.metadata.name),
      );
      let [run] = await tx.select().from(containerJobRuns).where(byName);
      if (!run) {
        if (deleted) return;
        const trigger = runTriggerOf(job);
        await tx
          .insert(containerJobRuns)
          .values({
            jobId: resource.id,
            name: job.metadata.name,
            trigger: trigger.kind,
            scheduledAt: trigger.kind === 'schedule' ? trigger.scheduledAt : null,
            status: 'pending',
            message: 'Waiting to start',
          })
          .onConflictDoNothing();
        [run] = await tx.select().from(containerJobRuns).where(byName);
      }
      if (!run || run.status === 'succeeded' || run.status === 'failed') return;
      if (deleted) {
        await updateRun(tx, run.id, {
          status: 'failed',
          endTime: new Date(),
          message: 'Stopped: its Job was deleted',
        });
        return;
      }
      const outcome = runOf(job);
      if (outcome.status === 'pending') return;
      if (run.status === 'pending') {
        await updateRun(tx, run.id, { status: 'running', startTime: outcome.startTime, message: 'Running' });
      }
      if (outcome.status === 'running') return;
      const pod = await finishedPod(job);
      const finished = runOf(job, pod.exitCode);
      if (finished.status !== 'succeeded' && finished.status !== 'failed') return;
      if (pod.lines.length) {
        await tx.insert(logLines).values(
          pod.lines.map((line) => ({
            sourceKind: 'job-run',
            sourceId: run.id,
            stream: 'stdout',
            line: line.text,
            ...(line.at ? { occurredAt: line.at } : {}),
          })),
        );
      }
      await updateRun(tx, run.id, {
        status: finished.status,
        endTime: finished.endTime,
        message: finished.message,
      });
    });
  };

  watch<KnativeService>(
    '/apis/serving.knative.dev/v1/services',
    'serving.knative.dev/v1',
    'Service',
    observeService,
  );
  watch<Pod>('/api/v1/pods', 'v1', 'Pod', observePod);
  watch<Job>('/apis/batch/v1/jobs', 'batch/v1', 'Job', observeJob);

  /**
   * Reads again what a deploy or a run in progress waits for, as a controller's periodic resync does: an
   * event that came while the change was still being handed over (its task not yet committed) is not lost.
   */
  async function resync() {
    const waiting = await queryRows<{ kind: 'deploy' | 'run'; name: string; namespace: string }>(
      database.db,
      sql`SELECT 'deploy' AS kind, c.name, n.internal_name AS namespace FROM containers c
            JOIN namespaces n ON n.id = c.namespace_id
          WHERE c.state IN ('creating', 'updating') AND NOT EXISTS (
            SELECT 1 FROM provisioning_tasks t WHERE t.resource_kind = 'container' AND t.resource_id = c.id)
          UNION ALL
          SELECT 'run', r.name, n.internal_name FROM container_job_runs r
            JOIN container_jobs j ON j.id = r.job_id JOIN namespaces n ON n.id = j.namespace_id
          WHERE r.status IN ('pending', 'running')`,
    );
    for (const { kind, name, namespace } of waiting) {
      const reference =
        kind === 'deploy'
          ? { apiVersion: 'serving.knative.dev/v1', kind: 'Service' }
          : { apiVersion: 'batch/v1', kind: 'Job' };
      const object = await api.read({ ...reference, metadata: { name, namespace } });
      if (!object) continue;
      if (kind === 'deploy') await observeService(object as KnativeService, false);
      else await observeJob(object as Job, false);
    }
  }

  return {
    resync,
    async start() {
      stopped = false;
      await Promise.all(informers.map((informer) => informer.start()));
    },
    async stop() {
      stopped = true;
      await Promise.all(informers.map((informer) => informer.stop()));
    },
  };
}

/** Lines of a pod log read with timestamps (`2026-11-26T12:00:00.123456789Z text`). */
function parseLog(text: string): { at: Date | undefined; text: string }[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const space = line.indexOf(' ');
      const at = space > 0 ? new Date(line.slice(0, space)) : undefined;
      return at && !Number.isNaN(at.getTime())
        ? { at, text: line.slice(space + 1) }
        : { at: undefined, text: line };
    });
}
