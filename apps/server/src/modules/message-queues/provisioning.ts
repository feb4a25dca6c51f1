import type { Db } from '../../db/client.ts';
import type { MessageQueueDriver, QueueState } from '../../provisioning/message-queue-driver.ts';
import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { externalConnectionState } from '../external-connections/state.ts';
import { startMeter, stopMeters } from '../metering/store.ts';
import { createNamespaceStore } from '../namespaces/store.ts';
import { findPlan, findVersion } from './rules.ts';
import { createQueueStore, type QueueRow } from './store.ts';
import { placementOf } from './users.ts';

/** The queue's whole desired state as its driver takes it (passwords in plain text, in memory only). */
async function desiredState(tx: Db, queue: QueueRow, secretBox: SecretBox): Promise<QueueState> {
  const [users, namespace, externalConnection] = await Promise.all([
    createQueueStore(tx).usersOf([queue.id]),
    createNamespaceStore(tx).findAnyById(queue.namespaceId),
    externalConnectionState(tx, 'message-queue', queue.id),
  ]);
  if (!namespace) throw new Error(`message queue ${queue.id}: namespace ${queue.namespaceId} is gone`);
  const plan = findPlan(queue.planId);
  if (!plan) throw new Error(`message queue ${queue.id}: unknown plan ${queue.planId}`);
  const version = findVersion('rabbitmq', queue.version);
  if (!version) throw new Error(`message queue ${queue.id}: unknown version ${queue.version}`);
  return {
    id: queue.id,
    name: queue.name,
    namespace: namespace.name,
    runtimeNamespace: namespace.internalName,
    customerId: namespace.customerId,
    version: queue.version,
    patchLevelVersion: version.patchLevelVersion,
    size: {
      millicores: plan.millicores,
      memoryGb: plan.memoryGb,
      storageGb: plan.storageGb,
      replicas: plan.replicas,
      maxConnections: plan.benchmark.connections,
    },
    placement: placementOf(queue),
    users: (users.get(queue.id) ?? []).map((user) => ({
      name: user.name,
      role: user.role,
      password: secretBox.decryptSecret(user.passwordEncrypted),
    })),
    allowList: queue.allowList,
    externalConnection,
    stopped: queue.stoppedUnpaid,
  };
}

/**
 * Message queue → its own driver (MESSAGE_QUEUES_DRIVER): the broker is made to match the desired state, then
 * the queue runs and is metered on its plan (a stopped one is not), until it is deleted.
 */
export function messageQueueProvisioning(driver: MessageQueueDriver, secretBox: SecretBox): ResourceHandler {
  return {
    async apply(tx, _runtime, id, action) {
      const store = createQueueStore(tx);
      const queue = await store.findAnyById(id);
      if (!queue) return;
      const state = await desiredState(tx, queue, secretBox);
      const metered = { kind: 'message-queue' as const, id: queue.id };
      if (action === 'delete') {
        await driver.delete(state);
        await stopMeters(tx, [metered]);
        await store.remove(queue.id);
        return;
      }
      await driver.apply(state);
      await store.settleUsers(queue.id);
      // A new span at each change keeps the plan metered the one it runs on.
      if (queue.stoppedUnpaid) await stopMeters(tx, [metered]);
      else await startMeter(tx, metered);
      await store.update(queue.id, { state: queue.stoppedUnpaid ? 'stopped' : 'running', locked: false });
    },
    async fail(tx, id) {
      await createQueueStore(tx).update(id, { state: 'failed', locked: false });
    },
  };
}
