import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import type { ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import { ChangeInProgress } from '../../src/provisioning/driver.ts';
import type { ExternalConnectionState } from '../../src/provisioning/external-connection.ts';
import { createKubernetesDatabaseClusters } from '../../src/provisioning/kubernetes/database-clusters.ts';
import { createKubernetesDriver } from '../../src/provisioning/kubernetes/driver.ts';
import { createKubernetesMessageQueues } from '../../src/provisioning/kubernetes/message-queues.ts';
import type { QueueState } from '../../src/provisioning/message-queue-driver.ts';
import type { RuntimeReports } from '../../src/provisioning/runtime-port.ts';
import {
  startKubernetesStandIn,
  type KubeObject,
  type KubernetesStandIn,
} from '../support/kubernetes-stand-in.ts';
import { baseContainer, cluster as renderedCluster } from './kubernetes-render-setup.ts';

// External connections through the three Kubernetes drivers, the real client against the API stand-in: apply
// puts the connection's LoadBalancer Services and NetworkPolicy on the cluster by server-side apply, a Service
// of an allowlist no port has any more goes, a connection removed (null) takes them all away on the next apply
// (waiting while a Service's load balancer finalizer holds it), and deleting the resource deletes them.

const NETWORK_POLICY = 'networking.k8s.io/v1';
const runtimeNamespace = 'ns-0000c0ec7100';
const CLEANUP_FINALIZER = 'service.kubernetes.io/load-balancer-cleanup';

const connection: ExternalConnectionState = {
  ipv4: '192.0.2.20',
  ipv6: '2001:db8::20',
  shared: false,
  ports: [
    { externalPort: 443, internalPort: 8080, protocol: 'TCP', allowList: [] },
    { externalPort: 2222, internalPort: 22, protocol: 'TCP', allowList: ['203.0.113.0/24'] },
  ],
};

let cluster: KubernetesStandIn;

beforeAll(async () => {
  cluster = await startKubernetesStandIn();
  cluster.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: runtimeNamespace } });
});
afterAll(() => cluster.close());

/** The connection's objects on the stand-in (by its label), `Kind/name`. */
function connectionObjects(): string[] {
  return [
    ...cluster.list('v1', 'Service', runtimeNamespace),
    ...cluster.list(NETWORK_POLICY, 'NetworkPolicy', runtimeNamespace),
  ]
    .filter((object) => object.metadata.labels?.['berth.dev/external-connection'] === 'true')
    .map((object) => `${object.kind}/${object.metadata.name}`)
    .sort();
}

const service = (name: string) =>
  cluster.get('v1', 'Service', runtimeNamespace, name) as
    (KubeObject & { spec: Record<string, unknown> }) | undefined;

/** What a cloud's service controller does to a LoadBalancer Service: its cleanup finalizer holds its deletion. */
function holdDeletion(name: string) {
  const object = cluster.get('v1', 'Service', runtimeNamespace, name);
  if (!object) throw new Error(`no Service ${name}`);
  cluster.put({ ...object, metadata: { ...object.metadata, finalizers: [CLEANUP_FINALIZER] } });
}

describe('the namespace', () => {
  it('keeps its default-deny policy, which the connections open: its rules name whom they admit', async () => {
    const driver = createKubernetesDriver({
      kubeConfig: cluster.kubeConfig(),
      database: {} as Database,
      reports: {} as RuntimeReports,
      log: { warn: () => undefined },
    });
    await driver.applyNamespace({ id: 70, customerId: 5, name: 'shop', internalName: runtimeNamespace });
    // The client's NetworkPolicy model calls `from` `_from`: passed through it, the rules would admit everyone.
    const policy = cluster.get(NETWORK_POLICY, 'NetworkPolicy', runtimeNamespace, 'berth-default-deny');
    const ingress = (policy?.spec as { ingress: { from?: unknown[] }[] }).ingress;
    expect(ingress).toHaveLength(2);
    for (const rule of ingress) expect(rule.from).toHaveLength(1);
  });
});

describe('a container', () => {
  const reports = { containerRemoved: async () => undefined } as unknown as RuntimeReports;
  const driver = (loadBalancerClass?: string) =>
    createKubernetesDriver({
      kubeConfig: cluster.kubeConfig(),
      database: {} as Database,
      reports,
      log: { warn: () => undefined },
      loadBalancerClass,
    });
  const tx = {} as Db;
  const container = {
    ...baseContainer,
    id: 71,
    name: 'api',
    namespace: { name: 'shop', internalName: runtimeNamespace },
    ports: ['8080', '22'],
    externalConnection: connection,
  };

  it('apply puts a LoadBalancer Service per allowlist and the NetworkPolicy on the cluster', async () => {
    cluster.clearRequests();
    await driver('metallb').applyContainer(tx, container);
    expect(connectionObjects()).toEqual([
      'NetworkPolicy/api-external-ip',
      'Service/api-external-ip',
      'Service/api-external-ip-2',
    ]);
    for (const path of [
      `/api/v1/namespaces/${runtimeNamespace}/services/api-external-ip`,
      `/apis/${NETWORK_POLICY}/namespaces/${runtimeNamespace}/networkpolicies/api-external-ip`,
    ]) {
      const apply = cluster.requests.find((request) => request.method === 'PATCH' && request.path === path);
      expect(apply, path).toMatchObject({ contentType: 'application/apply-patch+yaml' });
      expect(apply?.query.get('fieldManager')).toBe('berth');
      expect(apply?.query.get('force')).toBe('true');
    }
    // Through the client library's Service model, nothing of it is lost.
    expect(service('api-external-ip-2')).toMatchObject({
      metadata: {
        annotations: {
          'metallb.universe.tf/loadBalancerIPs': '192.0.2.20,2001:db8::20',
          'metallb.universe.tf/allow-shared-ip': 'berth/192.0.2.20,2001:db8::20',
        },
      },
      spec: {
        type: 'LoadBalancer',
        loadBalancerClass: 'metallb',
        ipFamilyPolicy: 'RequireDualStack',
        ipFamilies: ['IPv4', 'IPv6'],
        externalTrafficPolicy: 'Local',
        loadBalancerSourceRanges: ['203.0.113.0/24'],
        selector: { 'serving.knative.dev/service': 'api' },
        ports: [{ name: 'tcp-2222', port: 2222, targetPort: 22, protocol: 'TCP' }],
      },
    });
    expect(
      cluster.get(NETWORK_POLICY, 'NetworkPolicy', runtimeNamespace, 'api-external-ip')?.spec,
    ).toMatchObject({
      ingress: [
        { ports: [{ port: 8080, protocol: 'TCP' }] },
        { from: [{ ipBlock: { cidr: '203.0.113.0/24' } }], ports: [{ port: 22, protocol: 'TCP' }] },
      ],
    });
  });

  it('a Service whose allowlist no port has any more goes; one whose load balancer class changed is made anew', async () => {
    const sameAllowlist = {
      ...container,
      externalConnection: {
        ...connection,
        ports: connection.ports.map((port) => ({ ...port, allowList: ['203.0.113.0/24'] })),
      },
    };
    await driver('metallb').applyContainer(tx, sameAllowlist);
    expect(connectionObjects()).toEqual(['NetworkPolicy/api-external-ip', 'Service/api-external-ip']);
    expect(service('api-external-ip')?.spec.ports).toHaveLength(2);

    const before = service('api-external-ip')?.metadata.uid;
    await driver().applyContainer(tx, sameAllowlist);
    const after = service('api-external-ip');
    expect(after?.metadata.uid).not.toBe(before);
    expect(after?.spec.loadBalancerClass).toBeUndefined();
    expect(after?.spec.loadBalancerIP).toBe('192.0.2.20');
  });

  it('without a connection the next apply removes them, waiting while a finalizer holds a Service', async () => {
    await driver('metallb').applyContainer(tx, container);
    holdDeletion('api-external-ip');
    const without = { ...container, externalConnection: null };
    await expect(driver('metallb').applyContainer(tx, without)).rejects.toThrow(
      'container api: former external connection objects are being removed',
    );
    expect(service('api-external-ip')?.metadata.deletionTimestamp).toBeDefined();
    expect(connectionObjects()).toEqual(['Service/api-external-ip']);
    await expect(driver('metallb').applyContainer(tx, without)).rejects.toThrow(ChangeInProgress);
    cluster.finishDeletion('v1', 'Service', runtimeNamespace, 'api-external-ip');
    await driver('metallb').applyContainer(tx, without);
    expect(connectionObjects()).toEqual([]);
    // The Service of the container's ports beyond the first is the container's, not the connection's.
    expect(service('api-ports')).toBeDefined();
  });

  it("deleting the container deletes its connection's objects too", async () => {
    await driver('metallb').applyContainer(tx, container);
    expect(connectionObjects()).toHaveLength(3);
    const reference = {
      customerId: container.customerId,
      id: 71,
      name: 'api',
      namespace: container.namespace,
    };
    await expect(driver().deleteContainer(tx, reference)).rejects.toThrow(ChangeInProgress);
    await driver().deleteContainer(tx, reference);
    expect(connectionObjects()).toEqual([]);
    expect(service('api-ports')).toBeUndefined();
  });
});

describe('a database cluster', () => {
  const state: ClusterState = {
    ...renderedCluster,
    id: 72,
    name: 'ledger',
    runtimeNamespace,
    externalConnection: {
      ...connection,
      ports: [{ externalPort: 5432, internalPort: 5432, protocol: 'TCP', allowList: ['198.51.100.0/24'] }],
    },
  };
  const driver = () =>
    createKubernetesDatabaseClusters({
      kubeConfig: cluster.kubeConfig(),
      appsDomain: 'apps.example.com',
      loadBalancerClass: 'metallb',
    });

  it("publishes the primary while the cluster comes up, and leaves CloudNativePG's Services alone when it goes", async () => {
    await expect(driver().apply(state)).rejects.toThrow('cluster ledger is starting');
    expect(connectionObjects()).toEqual(['NetworkPolicy/ledger-external-ip', 'Service/ledger-external-ip']);
    expect(service('ledger-external-ip')?.spec.selector).toEqual({
      'cnpg.io/cluster': 'ledger',
      'cnpg.io/instanceRole': 'primary',
    });
    // CloudNativePG's read-write Service carries the cluster's labels (inheritedMetadata), not the connection's.
    const labels = cluster.get('postgresql.cnpg.io/v1', 'Cluster', runtimeNamespace, 'ledger')?.metadata
      .labels;
    cluster.put({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'ledger-rw', namespace: runtimeNamespace, labels },
      spec: { selector: { 'cnpg.io/cluster': 'ledger' }, ports: [{ port: 5432 }] },
    });

    await expect(driver().apply({ ...state, externalConnection: null })).rejects.toThrow(
      'cluster ledger is starting',
    );
    expect(connectionObjects()).toEqual([]);
    expect(service('ledger-rw')).toBeDefined();
  });

  it("deleting the cluster deletes its connection's objects, whatever its state still says", async () => {
    await expect(driver().apply(state)).rejects.toThrow(ChangeInProgress);
    expect(connectionObjects()).toHaveLength(2);
    await expect(driver().delete({ ...state, externalConnection: null })).rejects.toThrow(ChangeInProgress);
    await driver().delete({ ...state, externalConnection: null });
    expect(connectionObjects()).toEqual([]);
  });
});

describe('a message queue', () => {
  const state: QueueState = {
    id: 73,
    name: 'jobs',
    namespace: 'shop',
    runtimeNamespace,
    customerId: 5,
    version: '4.1',
    patchLevelVersion: '4.1.4',
    size: { millicores: 1000, memoryGb: 2, storageGb: 20, replicas: 1, maxConnections: 500 },
    placement: {
      hostname: 'jobs-shop.mq.apps.example.com',
      amqpPort: 5672,
      managementPort: 15672,
      vhost: '/',
      userPrefix: '',
      tls: false,
    },
    users: [{ name: 'admin', role: 'admin', password: 'admin-password-1' }],
    allowList: [],
    externalConnection: {
      ...connection,
      ports: [{ externalPort: 5672, internalPort: 5672, protocol: 'TCP', allowList: [] }],
    },
    stopped: false,
  };
  const driver = () =>
    createKubernetesMessageQueues({ kubeConfig: cluster.kubeConfig(), appsDomain: 'apps.example.com' });

  it("publishes the broker's pods, removes them without a connection, and with the queue", async () => {
    await expect(driver().apply(state)).rejects.toThrow('message queue jobs is starting');
    expect(connectionObjects()).toEqual(['NetworkPolicy/mq-jobs-external-ip', 'Service/mq-jobs-external-ip']);
    expect(service('mq-jobs-external-ip')?.spec).toMatchObject({
      loadBalancerIP: '192.0.2.20',
      selector: { 'app.kubernetes.io/name': 'mq-jobs' },
    });

    await expect(driver().apply({ ...state, externalConnection: null })).rejects.toThrow(
      'message queue jobs is starting',
    );
    expect(connectionObjects()).toEqual([]);

    await expect(driver().apply(state)).rejects.toThrow(ChangeInProgress);
    expect(connectionObjects()).toHaveLength(2);
    await expect(driver().delete({ ...state, externalConnection: null })).rejects.toThrow(ChangeInProgress);
    await driver().delete({ ...state, externalConnection: null });
    expect(connectionObjects()).toEqual([]);
  });
});
