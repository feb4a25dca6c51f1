import type { Database, Db } from '../../db/client.ts';
import type { RuntimeContainer, RuntimeReports } from '../runtime-port.ts';
import { taskPending } from '../store.ts';
import { resourceOf } from './objects.ts';
import { deployOutcome, replicaOf, type KnativeService, type Pod } from './status.ts';

// Containers' news from the cluster: a Knative Service finishes or fails the deploy, its pods are the
// container's replicas. Each change is applied in a transaction that locks the container's row and reports
// only what differs, so several Berth processes watching the same cluster record each transition once.

export type Observer<T> = (object: T, deleted: boolean) => Promise<void>;

export function containerObservers(deps: { database: Database; reports: RuntimeReports }) {
  const { database, reports } = deps;

  /** A deploy is over when the Service is ready, or failed, for the latest change Berth applied. */
  const observeService: Observer<KnativeService> = async (service, deleted) => {
    const resource = resourceOf(service.metadata.labels);
    if (resource?.kind !== 'container' || deleted) return;
    const outcome = deployOutcome(service);
    if (outcome.state === 'progressing') return;
    await database.db.transaction(async (tx) => {
      const container = await reports.lockContainer(tx, resource.id);
      // A change not yet handed to the cluster (its task waits) is not what this status speaks of.
      if (!container || !['creating', 'updating'].includes(container.state)) return;
      if (await taskPending(tx, 'container', resource.id)) return;
      if (outcome.state === 'failed') await reports.deployFailed(tx, container, outcome.message);
      else await reports.deployFinished(tx, container, container.image);
    });
  };

  /** A pod of a container is one of its replicas: appears, changes status, goes. */
  const observePod: Observer<Pod> = async (pod, deleted) => {
    const resource = resourceOf(pod.metadata.labels);
    if (resource?.kind !== 'container') return;
    await database.db.transaction(async (tx) => {
      const container = await reports.lockContainer(tx, resource.id);
      if (!container) return;
      const replicas = (await reports.replicasOf(tx, [container.id])).get(container.id) ?? [];
      const existing = replicas.find((replica) => replica.name === pod.metadata.name);
      if (deleted) {
        if (!existing) return;
        await reports.replicaStopped(tx, existing);
        await aimFor(tx, container);
        return;
      }
      const next = replicaOf(pod);
      const failedNow = next.status === 'failed' && existing?.status !== 'failed';
      let replica = existing;
      if (!existing) {
        replica = await reports.replicaAdded(tx, {
          containerId: container.id,
          name: pod.metadata.name,
          image: next.image || container.image,
          status: next.status,
          statusMessage: next.message,
          failures: failedNow ? 1 : 0,
        });
      } else if (existing.status !== next.status || existing.statusMessage !== next.message) {
        await reports.replicaChanged(tx, existing.id, {
          status: next.status,
          statusMessage: next.message,
          failures: existing.failures + (failedNow ? 1 : 0),
        });
      }
      if (replica === undefined) return;
      if (next.status === 'running' && existing?.status !== 'running' && existing?.status !== 'terminating') {
        await reports.replicaStarted(tx, { ...replica, name: pod.metadata.name });
      }
      if (failedNow) await reports.replicaFailed(tx, replica, next.message);
      await aimFor(tx, container);
    });
  };

  /** The count the cluster aims for: the configured one, or what the autoscaler keeps running. */
  async function aimFor(tx: Db, container: RuntimeContainer) {
    const live = (await reports.replicasOf(tx, [container.id])).get(container.id) ?? [];
    const count =
      'replicas' in container.scaling
        ? container.scaling.replicas
        : live.filter((replica) => replica.status !== 'terminating').length;
    await reports.replicasAimedAt(tx, container, count, false);
  }

  return { observeService, observePod };
}
