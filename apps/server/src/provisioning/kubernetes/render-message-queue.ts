import { createHash } from 'node:crypto';
import type { QueueState, QueueUserState } from '../message-queue-driver.ts';
import { labelsOf, type KubernetesObject } from './objects.ts';
import { renderExternalConnection, type LoadBalancerOptions } from './render-external-connection.ts';

// A message queue as objects of the two RabbitMQ operators: a `RabbitmqCluster` of the plan's size (the cluster
// operator), and on it the messaging topology operator's `Vhost` (the plan's connection limit), a `User` per
// user, importing its password from a Secret Berth writes, and a `Permission` per user on the vhost. The broker
// is a ClusterIP Service: the namespace's own pods reach it (its default-deny policy keeps other customers out),
// and what publishes it beyond the cluster is an external connection's (render-external-connection.ts). The
// queue's own allow list is not enforced here.

export const AMQP_PORT = 5672;
export const MANAGEMENT_PORT = 15672;
/** The broker has a vhost of its own: RabbitMQ's default one. */
export const VHOST = '/';

export const RABBITMQ_API = 'rabbitmq.com/v1beta1';
/** Where both operators run (their installation's default); the topology operator calls the management API. */
const OPERATORS_NAMESPACE = 'rabbitmq-system';

/**
 * The operator names its StatefulSet `{name}-server`, whose pods carry a `controller-revision-hash` label of
 * that name and 11 characters more (at most 63): the RabbitmqCluster's name has at most 45.
 */
const BROKER_NAME_MAX = 45;

/**
 * The RabbitmqCluster's name, a DNS label: `mq-` keeps the Service the operator names after it from a
 * container's of the queue's name (Knative's); a name too long keeps its start and a hash of the whole.
 */
export function brokerName(queue: Pick<QueueState, 'name'>): string {
  const name = `mq-${queue.name}`;
  if (name.length <= BROKER_NAME_MAX) return name;
  const hash = createHash('sha256').update(queue.name).digest('hex').slice(0, 8);
  return `${name.slice(0, BROKER_NAME_MAX - hash.length - 1)}-${hash}`;
}

/** The name of a user's Secret, User and Permission (Kubernetes names allow no `_`, user names no `-`). */
const userObjectName = (queue: Pick<QueueState, 'name'>, user: Pick<QueueUserState, 'name'>) =>
  `${brokerName(queue)}-user-${user.name.replaceAll('_', '-')}`;

export function renderMessageQueue(
  queue: QueueState,
  storageClass?: string,
  options: LoadBalancerOptions = {},
): KubernetesObject[] {
  const plan = queue.size;
  const broker = brokerName(queue);
  const labels = labelsOf({
    customerId: queue.customerId,
    namespace: queue.namespace,
    kind: 'message-queue',
    id: queue.id,
    name: queue.name,
  });
  const metadata = (name: string) => ({ name, namespace: queue.runtimeNamespace, labels });
  const rabbitmqClusterReference = { name: broker };
  const cpu = `${plan.millicores}m`;
  const memory = `${plan.memoryGb}G`;
  const cluster: KubernetesObject = {
    apiVersion: RABBITMQ_API,
    kind: 'RabbitmqCluster',
    metadata: metadata(broker),
    spec: {
      // Kept when the queue is stopped: the operator refuses to remove nodes, and takes 0 replicas only in its
      // latest versions; the vhost's connection limit stops it instead.
      replicas: plan.replicas,
      image: `rabbitmq:${queue.patchLevelVersion}-management`,
      resources: { requests: { cpu, memory }, limits: { cpu, memory } },
      persistence: {
        storage: `${plan.storageGb}G`,
        ...(storageClass ? { storageClassName: storageClass } : {}),
      },
      service: {
        type: 'ClusterIP',
        // Published by external-dns run with --publish-internal-services: a name for the namespace's own pods.
        annotations: { 'external-dns.alpha.kubernetes.io/hostname': queue.placement.hostname },
      },
    },
  };
  const vhost: KubernetesObject = {
    apiVersion: RABBITMQ_API,
    kind: 'Vhost',
    metadata: metadata(`${broker}-vhost`),
    spec: {
      name: VHOST,
      rabbitmqClusterReference,
      // The plan's limit holds across the cluster's nodes (rabbitmq.conf's connection_max is per node). A
      // stopped queue's limit is 0, with which RabbitMQ refuses every new connection: users, permissions and
      // messages are kept; connections already open stay until they close.
      limits: { connections: queue.stopped ? 0 : plan.maxConnections },
    },
  };
  const users = queue.users.flatMap<KubernetesObject>((user) => {
    const name = userObjectName(queue, user);
    return [
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: metadata(name),
        type: 'kubernetes.io/basic-auth',
        // As the User's importCredentialsSecret must be; the topology operator sets a changed password again.
        data: {
          username: Buffer.from(`${queue.placement.userPrefix}${user.name}`).toString('base64'),
          password: Buffer.from(user.password).toString('base64'),
        },
      },
      {
        apiVersion: RABBITMQ_API,
        kind: 'User',
        metadata: metadata(name),
        spec: {
          rabbitmqClusterReference,
          importCredentialsSecret: { name },
          // Policies and the broker's figures in the management UI; not `administrator`, with which a customer
          // could remove the operators' own user and so Berth's hold on the broker.
          tags: ['policymaker', 'monitoring'],
        },
      },
      {
        apiVersion: RABBITMQ_API,
        kind: 'Permission',
        metadata: metadata(name),
        spec: {
          vhost: VHOST,
          userReference: { name },
          permissions: { configure: '.*', write: '.*', read: '.*' },
          rabbitmqClusterReference,
        },
      },
    ];
  });
  // The cluster operator labels the broker's pods with the RabbitmqCluster's name, its Services' selector.
  const brokerPods = { 'app.kubernetes.io/name': broker };
  const operatorAccess: KubernetesObject = {
    // The namespace's default-deny policy would keep the topology operator from the management API.
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: metadata(`${broker}-operators`),
    spec: {
      podSelector: { matchLabels: brokerPods },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [
            { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': OPERATORS_NAMESPACE } } },
          ],
          ports: [{ port: MANAGEMENT_PORT, protocol: 'TCP' }],
        },
      ],
    },
  };
  // The external connection reaches every node of the broker (any of them takes AMQP connections).
  const connection = renderExternalConnection(
    {
      baseName: broker,
      namespace: queue.runtimeNamespace,
      labels,
      serviceSelector: brokerPods,
      policySelector: brokerPods,
    },
    queue.externalConnection,
    options,
  );
  // The Secrets before the Users that import them, the cluster and vhost before what lives on them.
  return [cluster, vhost, ...users, operatorAccess, ...connection];
}
