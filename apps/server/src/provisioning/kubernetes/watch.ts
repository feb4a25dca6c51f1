import {
  CoreV1Api,
  ListWatch,
  Watch,
  type KubeConfig,
  type KubernetesListObject,
  type KubernetesObject as ClientObject,
} from '@kubernetes/client-node';
import type { Database } from '../../db/client.ts';
import type { RuntimeReports } from '../runtime-port.ts';
import type { ClusterApi } from './cluster-api.ts';
import { createLogFollower } from './follow-logs.ts';
import { MANAGED_SELECTOR } from './objects.ts';
import type { Job, KnativeService, Pod } from './status.ts';
import { containerObservers, type Observer } from './watch-containers.ts';
import { runObserver } from './watch-runs.ts';
import { warningObserver } from './watch-warnings.ts';
import type { ClusterEvent } from './warnings.ts';

// Status flows back from the cluster by watching what Berth manages (its label): Knative Services finish
// or fail deploys, pods are replicas (watch-containers.ts) whose logs are followed (follow-logs.ts), Jobs are
// runs (watch-runs.ts), Warning events of their pods are told in their events (watch-warnings.ts). What changed is
// reported through the runtime port, in a transaction per change; events of one kind are applied in the
// order they came.

/** How long a watch that broke (the API server went away, a timeout) waits before listing again. */
const RESTART_MS = 2000;

interface Logger {
  warn(payload: object, message: string): void;
}

export function createStatusWatch(deps: {
  kubeConfig: KubeConfig;
  api: ClusterApi;
  database: Database;
  reports: RuntimeReports;
  log: Logger;
}) {
  const { api, database, reports, log } = deps;
  const core = deps.kubeConfig.makeApiClient(CoreV1Api);
  const informers: { start(): Promise<void>; stop(): Promise<void> }[] = [];
  let stopped = false;

  /** An informer on Berth's objects of a kind (its label), or on the objects a field selector picks. */
  function watch<T>(
    path: string,
    list: () => Promise<KubernetesListObject<ClientObject>>,
    kind: string,
    observe: Observer<T>,
    fieldSelector?: string,
  ) {
    const labelSelector = fieldSelector ? undefined : MANAGED_SELECTOR;
    const informer = new ListWatch(
      path,
      new Watch(deps.kubeConfig),
      list,
      false,
      labelSelector,
      fieldSelector,
    );
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

  const { observeService, observePod } = containerObservers({ database, reports });
  const logs = createLogFollower(deps);
  const observeJob = runObserver({ database, reports, api, core, log });

  const managed = (apiVersion: string, kind: string) => () =>
    api.list(apiVersion, kind, undefined, MANAGED_SELECTOR) as Promise<KubernetesListObject<ClientObject>>;
  watch<KnativeService>(
    '/apis/serving.knative.dev/v1/services',
    managed('serving.knative.dev/v1', 'Service'),
    'Service',
    observeService,
  );
  watch<Pod>('/api/v1/pods', managed('v1', 'Pod'), 'Pod', async (pod, deleted) => {
    await observePod(pod, deleted);
    logs.observe(pod, deleted);
  });
  watch<Job>('/apis/batch/v1/jobs', managed('batch/v1', 'Job'), 'Job', observeJob);
  // Events carry no labels: every Warning is watched, and those of pods that are not Berth's are dropped.
  const warnings = 'type=Warning';
  watch<ClusterEvent>(
    '/api/v1/events',
    () => core.listEventForAllNamespaces({ fieldSelector: warnings }),
    'Event',
    warningObserver({ database, reports, api }),
    warnings,
  );

  /**
   * Reads again what a deploy or a run in progress waits for, as a controller's periodic resync does: an
   * event that came while the change was still being handed over (its task not yet committed) is not lost.
   */
  async function resync() {
    const deploys = await reports.deploysInProgress(database.db);
    const runs = await reports.runsInProgress(database.db);
    const waiting = [
      ...deploys.map((deploy) => ({ kind: 'deploy' as const, ...deploy })),
      ...runs.map((run) => ({ kind: 'run' as const, ...run })),
    ];
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
      await logs.stop();
    },
  };
}
