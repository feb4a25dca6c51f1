import type { Db } from '../../db/client.ts';
import type { RuntimeContainer, RuntimeReports } from '../../provisioning/runtime-port.ts';
import { recordEvent } from '../events/store.ts';
import { deleteContainerLogLines } from '../logs/store.ts';
import { startMeter, stopMeters } from '../metering/store.ts';
import { containerSize } from '../pricing/resources.ts';
import { failDeploy, finishDeploy } from './deploys.ts';
import { desiredReplicas } from './replica-counts.ts';
import { createContainerStore, type ContainerRow } from './store.ts';

// What the runtime reports of containers and their replicas, recorded by the containers module (replicas,
// the count aimed for, deploys), with the events, meters and log lines that go with it.

type ContainerReports = Pick<
  RuntimeReports,
  | 'containers'
  | 'lockContainer'
  | 'replicasOf'
  | 'replicaAdded'
  | 'replicaChanged'
  | 'replicaStarted'
  | 'replicaFailed'
  | 'replicaStopped'
  | 'replicasAimedAt'
  | 'deployFinished'
  | 'deployFailed'
  | 'containerRemoved'
  | 'deploysInProgress'
>;

const asRuntime = (row: ContainerRow): RuntimeContainer => ({
  id: row.id,
  name: row.name,
  image: row.image,
  resources: row.resources,
  entrypoint: row.entrypoint,
  command: row.command,
  ports: row.ports,
  healthCheck: row.healthCheck,
  scaling: row.scaling,
  state: row.state,
  desiredReplicas: row.desiredReplicas,
  wantedReplicas: desiredReplicas(row),
  memoryMb: containerSize(row.resources).megabytes,
});

const subject = (containerId: number) => ({ kind: 'container', id: containerId }) as const;

export const containerReports: ContainerReports = {
  async containers(tx, ids) {
    const rows = await createContainerStore(tx).findAnyByIds(ids);
    return new Map(rows.map((row) => [row.id, asRuntime(row)]));
  },
  async lockContainer(tx, id) {
    const store = createContainerStore(tx);
    await store.lock(id);
    const row = await store.findAnyById(id);
    return row && asRuntime(row);
  },
  replicasOf: (tx, containerIds) => createContainerStore(tx).replicasOf(containerIds),
  async replicaAdded(tx, replica) {
    return createContainerStore(tx).insertReplica(replica);
  },
  async replicaChanged(tx, replicaId, change) {
    await createContainerStore(tx).updateReplica(replicaId, change);
  },
  async replicaStarted(tx, replica) {
    await startMeter(tx, { kind: 'replica', id: replica.id });
    await recordEvent(tx, subject(replica.containerId), 'REPLICA_STARTED', `Replica ${replica.name} started`);
  },
  async replicaFailed(tx, replica, why) {
    await recordEvent(
      tx,
      subject(replica.containerId),
      'REPLICA_FAILED',
      `Replica ${replica.name} failed: ${why}`,
    );
  },
  async replicaStopped(tx, replica, reason) {
    // Billed until gone: a terminating replica still holds its CPU and memory.
    await stopMeters(tx, [{ kind: 'replica', id: replica.id }]);
    await createContainerStore(tx).removeReplica(replica.id);
    const stopped = `Replica ${replica.name} stopped`;
    await recordEvent(
      tx,
      subject(replica.containerId),
      'REPLICA_STOPPED',
      reason === undefined ? stopped : `${stopped}: ${reason}`,
    );
  },
  async replicasAimedAt(tx, container, count, announce) {
    if (container.desiredReplicas === count) return;
    if (!announce) {
      await createContainerStore(tx).update(container.id, { desiredReplicas: count });
      return;
    }
    await createContainerStore(tx).setDesiredReplicas(container.id, count);
    // The first count is the deploy's.
    if (container.state === 'creating') return;
    await recordEvent(
      tx,
      subject(container.id),
      'SCALED',
      `Scaled from ${container.desiredReplicas} to ${count} ${count === 1 ? 'replica' : 'replicas'} (${'replicas' in container.scaling ? 'configuration' : 'autoscaling'})`,
    );
  },
  deployFinished: (tx, container, message) => finishDeploy(tx, container, message),
  deployFailed: (tx, container, why) => failDeploy(tx, container, why),
  async containerRemoved(tx, containerId) {
    const store = createContainerStore(tx);
    const replicas = (await store.replicasOf([containerId])).get(containerId) ?? [];
    await stopMeters(
      tx,
      replicas.map((replica) => ({ kind: 'replica', id: replica.id })),
    );
    await store.remove(containerId);
    await deleteContainerLogLines(tx, containerId);
  },
  deploysInProgress: (db: Db) => createContainerStore(db).deploysInProgress(),
};
