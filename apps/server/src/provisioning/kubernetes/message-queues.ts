import type { KubeConfig } from '@kubernetes/client-node';
import { ChangeInProgress } from '../driver.ts';
import type { MessageQueueDriver, QueueState } from '../message-queue-driver.ts';
import { createClusterApi, type ObjectReference } from './cluster-api.ts';
import { applyExternalConnection, externalConnectionReferences } from './external-connections.ts';
import { LABELS, type KubernetesObject } from './objects.ts';
import { isExternalConnectionObject } from './render-external-connection.ts';
import {
  AMQP_PORT,
  MANAGEMENT_PORT,
  RABBITMQ_API,
  renderMessageQueue,
  VHOST,
} from './render-message-queue.ts';

// Message queues run by the RabbitMQ cluster operator, with their vhost, users and permissions declared to the
// messaging topology operator. apply() puts the objects on the cluster, removes those of the users the queue no
// longer has, makes its external connection's Services what the connection is (external-connections.ts), and
// resolves once the cluster operator has reconciled the applied spec with every replica ready and the topology
// operator has each Vhost, User and Permission of it ready; until then it throws ChangeInProgress and the
// provisioner asks again. A change the cluster operator refuses is a failure.

interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

type Reconciled = KubernetesObject & {
  metadata: { generation?: number };
  status?: { observedGeneration?: number; conditions?: Condition[] };
};

const conditionOf = (object: Reconciled, type: string) =>
  object.status?.conditions?.find((condition) => condition.type === type);

/** Whether the operator's status speaks of the spec Berth applied last. */
const current = (object: Reconciled) => object.status?.observedGeneration === object.metadata.generation;

/** Why the RabbitmqCluster does not run the applied spec yet, or null once it does. */
function brokerPending(broker: Reconciled, queue: QueueState): string | null {
  const reconcile = conditionOf(broker, 'ReconcileSuccess');
  // What the operator never does (removing nodes: a plan from three replicas to one), it refuses and waits
  // for the spec to change back: a failure, not a change under way.
  if (reconcile?.status === 'False' && reconcile.reason === 'UnsupportedOperation') {
    throw new Error(`message queue ${queue.name}: ${reconcile.message ?? 'the change is not supported'}`);
  }
  const ready = conditionOf(broker, 'AllReplicasReady')?.status === 'True';
  if (current(broker) && reconcile?.status === 'True' && ready) return null;
  const why = !current(broker)
    ? 'the operator has not reconciled it yet'
    : reconcile?.status === 'False'
      ? (reconcile.message ?? 'its reconcile failed')
      : 'waiting for its replicas';
  return `message queue ${queue.name} is starting (${why})`;
}

/** Why a Vhost, User or Permission is not on the broker as applied yet (the broker may be starting), or null. */
function topologyPending(object: Reconciled, queue: QueueState): string | null {
  const ready = conditionOf(object, 'Ready');
  if (current(object) && ready?.status === 'True') return null;
  const why = ready?.status === 'False' && ready.message ? ` (${ready.message})` : '';
  return `message queue ${queue.name}: ${object.kind} ${object.metadata.name} is being reconciled${why}`;
}

const reference = (apiVersion: string, kind: string, name: string, namespace: string): ObjectReference => ({
  apiVersion,
  kind,
  metadata: { name, namespace },
});

export function createKubernetesMessageQueues(deps: {
  kubeConfig: KubeConfig;
  appsDomain: string;
  storageClassName?: string;
  /** The `loadBalancerClass` of external connections' Services; the cluster's default load balancer without one. */
  loadBalancerClass?: string;
}): MessageQueueDriver {
  const api = createClusterApi(deps.kubeConfig);
  /** The queue's own objects, and apart those of its external connection. */
  const render = (queue: QueueState) => {
    const objects = renderMessageQueue(queue, deps.storageClassName, {
      loadBalancerClass: deps.loadBalancerClass,
    });
    return {
      own: objects.filter((object) => !isExternalConnectionObject(object)),
      connection: objects.filter(isExternalConnectionObject),
    };
  };
  const connectionOwner = (queue: QueueState) => ({
    namespace: queue.runtimeNamespace,
    kind: 'message-queue' as const,
    id: queue.id,
    what: `message queue ${queue.name}`,
  });

  /**
   * The Secret, User and Permission (one name for the three) of each user on the cluster that the rendering no
   * longer has. Only Berth makes Users, so they say who was there; a Secret's labels would not (the cluster
   * operator copies the queue's labels to Secrets of its own).
   */
  async function formerUsers(queue: QueueState, rendered: KubernetesObject[]): Promise<ObjectReference[]> {
    const selector = `${LABELS.kind}=message-queue,${LABELS.id}=${queue.id}`;
    const { items } = await api.list(RABBITMQ_API, 'User', queue.runtimeNamespace, selector);
    const kept = new Set(
      rendered.filter((object) => object.kind === 'User').map((user) => user.metadata.name),
    );
    return items
      .filter((user) => !kept.has(user.metadata.name))
      .flatMap(({ metadata: { name } }) => [
        reference('v1', 'Secret', name, queue.runtimeNamespace),
        reference(RABBITMQ_API, 'User', name, queue.runtimeNamespace),
        reference(RABBITMQ_API, 'Permission', name, queue.runtimeNamespace),
      ]);
  }

  /** Asks for each object's deletion; true once every one is gone. */
  async function removeAll(references: ObjectReference[]): Promise<boolean> {
    const gone = await Promise.all(references.map((object) => api.remove(object)));
    return gone.every(Boolean);
  }

  return {
    name: 'kubernetes',
    placement: (queue) => ({
      hostname: `${queue.name}-${queue.namespace}.mq.${deps.appsDomain}`,
      amqpPort: AMQP_PORT,
      managementPort: MANAGEMENT_PORT,
      vhost: VHOST,
      userPrefix: '',
      // Berth issues the broker no certificate: it listens without TLS.
      tls: false,
    }),
    async apply(queue) {
      const { own: objects, connection } = render(queue);
      const applied = (await api.apply(objects)) as Reconciled[];
      if (!(await removeAll(await formerUsers(queue, objects)))) {
        throw new ChangeInProgress(`message queue ${queue.name}: former users are being removed`);
      }
      await applyExternalConnection(api, connectionOwner(queue), connection);
      const broker = applied.find((object) => object.kind === 'RabbitmqCluster');
      const topology = applied.filter((object) => object.apiVersion === RABBITMQ_API && object !== broker);
      const waiting =
        (broker ? brokerPending(broker, queue) : null) ??
        topology.map((object) => topologyPending(object, queue)).find((why) => why !== null);
      if (waiting) throw new ChangeInProgress(waiting);
    },
    async delete(queue) {
      const { own: objects } = render(queue);
      const references = [
        ...objects.map((object) =>
          reference(object.apiVersion, object.kind, object.metadata.name, queue.runtimeNamespace),
        ),
        ...(await formerUsers(queue, objects)),
        ...(await externalConnectionReferences(api, connectionOwner(queue))),
      ];
      if (!(await removeAll(references))) {
        throw new ChangeInProgress(`message queue ${queue.name} is being deleted`);
      }
    },
    close: async () => undefined,
  };
}
