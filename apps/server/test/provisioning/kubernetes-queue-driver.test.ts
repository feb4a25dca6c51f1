import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeInProgress } from '../../src/provisioning/driver.ts';
import { createKubernetesMessageQueues } from '../../src/provisioning/kubernetes/message-queues.ts';
import type { QueueState } from '../../src/provisioning/message-queue-driver.ts';
import { startKubernetesStandIn, type KubernetesStandIn } from '../support/kubernetes-stand-in.ts';

// Message queues on the RabbitMQ operators, through the real client against the API stand-in: the objects are
// applied by server-side apply, and the queue is ready only once the cluster operator reports the applied spec
// reconciled with every replica ready and the topology operator each Vhost, User and Permission ready. The
// operators' side (their status) is the test's.

const RABBITMQ = 'rabbitmq.com/v1beta1';
const runtimeNamespace = 'ns-00beef00beef';

const ready = (generation: number) => ({
  observedGeneration: generation,
  conditions: [{ type: 'Ready', status: 'True', reason: 'SuccessfulCreateOrUpdate' }],
});

describe('the RabbitMQ operators message queue driver', () => {
  const state: QueueState = {
    id: 31,
    name: 'events',
    namespace: 'shop',
    runtimeNamespace,
    customerId: 5,
    version: '4.1',
    patchLevelVersion: '4.1.4',
    size: { millicores: 1000, memoryGb: 2, storageGb: 20, replicas: 1, maxConnections: 500 },
    placement: {
      hostname: 'events-shop.mq.apps.example.com',
      amqpPort: 5672,
      managementPort: 15672,
      vhost: '/',
      userPrefix: '',
      tls: false,
    },
    users: [
      { name: 'admin', role: 'admin', password: 'admin-password-1' },
      { name: 'worker', role: 'admin', password: 'worker-password-1' },
    ],
    allowList: [],
    externalConnection: null,
    stopped: false,
  };
  let cluster: KubernetesStandIn;
  const driver = () =>
    createKubernetesMessageQueues({
      kubeConfig: cluster.kubeConfig(),
      appsDomain: 'apps.example.com',
      storageClassName: 'fast-expandable',
    });
  const names = (kind: string) =>
    cluster
      .list(kind === 'Secret' ? 'v1' : RABBITMQ, kind, runtimeNamespace)
      .map((object) => object.metadata.name);
  /** What the cluster operator reports once the spec of this generation runs on every replica. */
  const brokerRuns = (generation: number) =>
    cluster.setStatus(RABBITMQ, 'RabbitmqCluster', runtimeNamespace, 'mq-events', {
      observedGeneration: generation,
      conditions: [
        { type: 'AllReplicasReady', status: 'True' },
        { type: 'ReconcileSuccess', status: 'True', reason: 'Success' },
      ],
    });
  /** What the topology operator reports once it has put every object on the broker. */
  const topologyReady = () => {
    for (const kind of ['Vhost', 'User', 'Permission']) {
      for (const object of cluster.list(RABBITMQ, kind, runtimeNamespace)) {
        cluster.setStatus(
          RABBITMQ,
          kind,
          runtimeNamespace,
          object.metadata.name,
          ready(object.metadata.generation ?? 0),
        );
      }
    }
  };

  beforeAll(async () => {
    cluster = await startKubernetesStandIn();
    cluster.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: runtimeNamespace } });
  });
  afterAll(() => cluster.close());

  it('places the queue on a broker of its own: vhost `/`, no user prefix, plain AMQP', () => {
    expect(driver().placement({ id: 31, name: 'events', namespace: 'shop' })).toEqual({
      hostname: 'events-shop.mq.apps.example.com',
      amqpPort: 5672,
      managementPort: 15672,
      vhost: '/',
      userPrefix: '',
      tls: false,
    });
    expect(driver().name).toBe('kubernetes');
  });

  it('applies the RabbitmqCluster, Vhost, Users, their Secrets and Permissions, and waits for the operators', async () => {
    const queues = driver();
    await expect(queues.apply(state)).rejects.toThrow(
      'message queue events is starting (the operator has not reconciled it yet)',
    );
    for (const path of [
      `/apis/${RABBITMQ}/namespaces/${runtimeNamespace}/rabbitmqclusters/mq-events`,
      `/apis/${RABBITMQ}/namespaces/${runtimeNamespace}/vhosts/mq-events-vhost`,
      `/apis/${RABBITMQ}/namespaces/${runtimeNamespace}/users/mq-events-user-worker`,
      `/apis/${RABBITMQ}/namespaces/${runtimeNamespace}/permissions/mq-events-user-worker`,
      `/api/v1/namespaces/${runtimeNamespace}/secrets/mq-events-user-worker`,
    ]) {
      const apply = cluster.requests.find((request) => request.method === 'PATCH' && request.path === path);
      expect(apply, path).toMatchObject({ contentType: 'application/apply-patch+yaml' });
      expect(apply?.query.get('fieldManager')).toBe('berth');
      expect(apply?.query.get('force')).toBe('true');
    }
    expect(cluster.get('v1', 'Secret', runtimeNamespace, 'mq-events-user-worker')).toMatchObject({
      type: 'kubernetes.io/basic-auth',
      data: {
        username: Buffer.from('worker').toString('base64'),
        password: Buffer.from('worker-password-1').toString('base64'),
      },
    });
    expect(cluster.get(RABBITMQ, 'RabbitmqCluster', runtimeNamespace, 'mq-events')?.spec).toMatchObject({
      replicas: 1,
      persistence: { storage: '20G', storageClassName: 'fast-expandable' },
    });

    // Reconciled, its replica still starting.
    cluster.setStatus(RABBITMQ, 'RabbitmqCluster', runtimeNamespace, 'mq-events', {
      observedGeneration: 1,
      conditions: [
        { type: 'AllReplicasReady', status: 'False' },
        { type: 'ReconcileSuccess', status: 'True', reason: 'Success' },
      ],
    });
    await expect(queues.apply(state)).rejects.toThrow(
      'message queue events is starting (waiting for its replicas)',
    );

    // The broker runs; the topology operator has not reached it yet.
    brokerRuns(1);
    cluster.setStatus(RABBITMQ, 'Vhost', runtimeNamespace, 'mq-events-vhost', {
      observedGeneration: 1,
      conditions: [{ type: 'Ready', status: 'False', message: 'connection refused' }],
    });
    await expect(queues.apply(state)).rejects.toThrow(
      'message queue events: Vhost mq-events-vhost is being reconciled (connection refused)',
    );
    topologyReady();
    await queues.apply(state);
  });

  it('stops a queue by its vhost refusing every connection, its nodes and users kept, and waits for the vhost', async () => {
    const stopped = { ...state, stopped: true };
    await expect(driver().apply(stopped)).rejects.toThrow(/Vhost mq-events-vhost is being reconciled/);
    expect(cluster.get(RABBITMQ, 'Vhost', runtimeNamespace, 'mq-events-vhost')?.spec).toMatchObject({
      limits: { connections: 0 },
    });
    expect(cluster.get(RABBITMQ, 'RabbitmqCluster', runtimeNamespace, 'mq-events')?.spec).toMatchObject({
      replicas: 1,
    });
    expect(names('User')).toEqual(['mq-events-user-admin', 'mq-events-user-worker']);
    topologyReady();
    await driver().apply(stopped);

    // Running again: the plan's limit is back.
    await expect(driver().apply(state)).rejects.toThrow(ChangeInProgress);
    expect(cluster.get(RABBITMQ, 'Vhost', runtimeNamespace, 'mq-events-vhost')?.spec).toMatchObject({
      limits: { connections: 500 },
    });
    topologyReady();
    await driver().apply(state);
  });

  it('removes the Secret, User and Permission of a user the queue no longer has, once they are gone', async () => {
    cluster.lingerDeletion(RABBITMQ, 'User');
    const withoutWorker = { ...state, users: state.users.slice(0, 1) };
    await expect(driver().apply(withoutWorker)).rejects.toThrow(
      'message queue events: former users are being removed',
    );
    expect(names('Secret')).toEqual(['mq-events-user-admin']);
    expect(names('Permission')).toEqual(['mq-events-user-admin']);
    cluster.finishDeletion(RABBITMQ, 'User', runtimeNamespace, 'mq-events-user-worker');
    await driver().apply(withoutWorker);
    expect(names('User')).toEqual(['mq-events-user-admin']);
  });

  it('fails, not waits, when the cluster operator refuses the change (removing nodes)', async () => {
    cluster.setStatus(RABBITMQ, 'RabbitmqCluster', runtimeNamespace, 'mq-events', {
      observedGeneration: 1,
      conditions: [
        { type: 'AllReplicasReady', status: 'True' },
        {
          type: 'ReconcileSuccess',
          status: 'False',
          reason: 'UnsupportedOperation',
          message: 'Cluster Scale down not supported; tried to scale cluster from 3 nodes to 1 nodes',
        },
      ],
    });
    const failure = driver().apply({ ...state, users: state.users.slice(0, 1) });
    await expect(failure).rejects.toThrow(
      'message queue events: Cluster Scale down not supported; tried to scale cluster from 3 nodes to 1 nodes',
    );
    await expect(failure).rejects.not.toThrow(ChangeInProgress);
  });

  it('deletes every object and resolves only once they are gone, then again at once', async () => {
    cluster.lingerDeletion(RABBITMQ, 'RabbitmqCluster');
    const queues = driver();
    const remaining = { ...state, users: state.users.slice(0, 1) };
    await expect(queues.delete(remaining)).rejects.toThrow('message queue events is being deleted');
    expect(
      cluster.get(RABBITMQ, 'RabbitmqCluster', runtimeNamespace, 'mq-events')?.metadata.deletionTimestamp,
    ).toBeDefined();
    expect(names('Vhost')).toEqual([]);
    expect(names('Secret')).toEqual([]);
    cluster.finishDeletion(RABBITMQ, 'RabbitmqCluster', runtimeNamespace, 'mq-events');
    await expect(queues.delete(remaining)).rejects.toThrow(ChangeInProgress);
    cluster.finishDeletion(RABBITMQ, 'User', runtimeNamespace, 'mq-events-user-admin');
    await queues.delete(remaining);
    for (const kind of ['RabbitmqCluster', 'Vhost', 'User', 'Permission', 'Secret']) {
      expect(names(kind), kind).toEqual([]);
    }
    expect(cluster.list('networking.k8s.io/v1', 'NetworkPolicy', runtimeNamespace)).toEqual([]);
    await queues.delete(remaining);
  });
});
