import { describe, expect, it } from 'vitest';
import type { ExternalConnectionState } from '../../src/provisioning/external-connection.ts';
import type { QueueState } from '../../src/provisioning/message-queue-driver.ts';
import { LABELS, type KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import { renderDatabaseCluster } from '../../src/provisioning/kubernetes/render-database-cluster.ts';
import {
  canonicalCidr,
  externalServiceName,
  isExternalConnectionObject,
} from '../../src/provisioning/kubernetes/render-external-connection.ts';
import { renderMessageQueue } from '../../src/provisioning/kubernetes/render-message-queue.ts';
import { renderContainer } from '../../src/provisioning/kubernetes/render-workloads.ts';
import { baseContainer, byKind, check, cluster, customerId, namespace } from './kubernetes-render-setup.ts';

// What the Kubernetes driver puts on a cluster for a resource's external connection: LoadBalancer Services on the
// allocated addresses, one per distinct allowlist, and a NetworkPolicy that lets the allowed clients through the
// namespace's default-deny policy to the resource's pods.

const METALLB = { loadBalancerClass: 'metallb' };

const connection: ExternalConnectionState = {
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  shared: false,
  ports: [
    { externalPort: 443, internalPort: 8080, protocol: 'TCP', allowList: [] },
    // The same ranges as 5001's, written otherwise: one Service for both.
    {
      externalPort: 5000,
      internalPort: 5000,
      protocol: 'UDP',
      allowList: ['203.0.113.0/24', '2001:db8:1::/48'],
    },
    {
      externalPort: 5001,
      internalPort: 5000,
      protocol: 'TCP',
      allowList: ['2001:DB8:1:0::/48', '203.0.113.9/24'],
    },
    { externalPort: 22, internalPort: 2222, protocol: 'TCP', allowList: ['198.51.100.7'] },
  ],
};

const queue: QueueState = {
  id: 21,
  name: 'events',
  namespace: namespace.name,
  runtimeNamespace: namespace.internalName,
  customerId,
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
  users: [{ name: 'admin', role: 'admin', password: 'admin-password-1' }],
  allowList: [],
  externalConnection: {
    ipv4: '192.0.2.11',
    ipv6: '2001:db8::11',
    shared: false,
    ports: [{ externalPort: 5672, internalPort: 5672, protocol: 'TCP', allowList: ['198.51.100.0/24'] }],
  },
  stopped: false,
};

type Service = KubernetesObject & {
  spec: {
    type: string;
    loadBalancerClass?: string;
    loadBalancerIP?: string;
    ipFamilyPolicy: string;
    ipFamilies: string[];
    externalTrafficPolicy: string;
    loadBalancerSourceRanges?: string[];
    selector: Record<string, string>;
    ports: { name: string; port: number; targetPort: number; protocol: string }[];
  };
};
type Policy = KubernetesObject & {
  spec: {
    podSelector: { matchLabels: Record<string, string> };
    ingress: { from?: { ipBlock: { cidr: string } }[]; ports: { port: number; protocol: string }[] }[];
  };
};

const services = (objects: KubernetesObject[]) =>
  byKind(objects.filter(isExternalConnectionObject), 'v1', 'Service') as Service[];
const policies = (objects: KubernetesObject[]) =>
  byKind(objects.filter(isExternalConnectionObject), 'networking.k8s.io/v1', 'NetworkPolicy') as Policy[];

describe('a container with an external connection', () => {
  const container = { ...baseContainer, ports: ['8080', '5000', '2222'], externalConnection: connection };

  it('is a LoadBalancer Service per allowlist on both addresses, selecting its Knative pods, and a NetworkPolicy', async () => {
    const objects = renderContainer(container, METALLB);
    const rendered = services(objects);
    // In the order of their first external port: 22, 443, then 5000/UDP with 5001/TCP.
    expect(rendered.map((service) => service.metadata.name)).toEqual([
      'web-external-ip',
      'web-external-ip-2',
      'web-external-ip-3',
    ]);
    for (const service of rendered) {
      expect(service.metadata.annotations).toEqual({
        'metallb.universe.tf/loadBalancerIPs': '192.0.2.10,2001:db8::10',
        'metallb.universe.tf/allow-shared-ip': 'berth/192.0.2.10,2001:db8::10',
      });
      expect(service.metadata.labels).toMatchObject({
        [LABELS.kind]: 'container',
        [LABELS.id]: '7',
        [LABELS.externalConnection]: 'true',
      });
      expect(service.spec).toMatchObject({
        type: 'LoadBalancer',
        loadBalancerClass: 'metallb',
        ipFamilyPolicy: 'RequireDualStack',
        ipFamilies: ['IPv4', 'IPv6'],
        externalTrafficPolicy: 'Local',
        selector: { 'serving.knative.dev/service': 'web' },
      });
      expect(service.spec.loadBalancerIP).toBeUndefined();
    }
    const [ssh, https, both] = rendered;
    expect(ssh?.spec.loadBalancerSourceRanges).toEqual(['198.51.100.7/32']);
    expect(ssh?.spec.ports).toEqual([{ name: 'tcp-22', port: 22, targetPort: 2222, protocol: 'TCP' }]);
    expect(https?.spec.loadBalancerSourceRanges).toBeUndefined();
    expect(both?.spec.loadBalancerSourceRanges).toEqual(['2001:db8:1::/48', '203.0.113.0/24']);
    expect(both?.spec.ports).toEqual([
      { name: 'udp-5000', port: 5000, targetPort: 5000, protocol: 'UDP' },
      { name: 'tcp-5001', port: 5001, targetPort: 5000, protocol: 'TCP' },
    ]);

    const [policy, ...others] = policies(objects);
    expect(others).toEqual([]);
    expect(policy?.metadata.name).toBe('web-external-ip');
    expect(policy?.spec.podSelector).toEqual({ matchLabels: { 'serving.knative.dev/service': 'web' } });
    expect(policy?.spec.ingress).toEqual([
      { from: [{ ipBlock: { cidr: '198.51.100.7/32' } }], ports: [{ port: 2222, protocol: 'TCP' }] },
      // Everyone: no `from`.
      { ports: [{ port: 8080, protocol: 'TCP' }] },
      {
        from: [{ ipBlock: { cidr: '2001:db8:1::/48' } }, { ipBlock: { cidr: '203.0.113.0/24' } }],
        ports: [
          { port: 5000, protocol: 'UDP' },
          { port: 5000, protocol: 'TCP' },
        ],
      },
    ]);
    await check('container-external-connection', objects.filter(isExternalConnectionObject));
  });

  it("on the customer's shared pair keeps the allowlist at the load balancer, where MetalLB can share it", () => {
    const objects = renderContainer(
      { ...container, externalConnection: { ...connection, shared: true } },
      METALLB,
    );
    for (const service of services(objects)) expect(service.spec.externalTrafficPolicy).toBe('Cluster');
    const [ssh] = services(objects);
    expect(ssh?.spec.loadBalancerSourceRanges).toEqual(['198.51.100.7/32']);
    // The pods see the nodes' addresses: the policy lets the forwarded traffic in on the internal ports.
    expect(policies(objects)[0]?.spec.ingress).toEqual([
      { ports: [{ port: 2222, protocol: 'TCP' }] },
      { ports: [{ port: 8080, protocol: 'TCP' }] },
      {
        ports: [
          { port: 5000, protocol: 'UDP' },
          { port: 5000, protocol: 'TCP' },
        ],
      },
    ]);
  });

  it('without a load balancer class asks the default load balancer for the IPv4 address by loadBalancerIP', async () => {
    const rendered = services(renderContainer(container));
    for (const service of rendered) {
      expect(service.spec.loadBalancerIP).toBe('192.0.2.10');
      expect(service.spec.loadBalancerClass).toBeUndefined();
      // MetalLB refuses loadBalancerIP beside its own annotation; its sharing key stays (others ignore it).
      expect(service.metadata.annotations).toEqual({
        'metallb.universe.tf/allow-shared-ip': 'berth/192.0.2.10,2001:db8::10',
      });
    }
    await check(
      'container-external-connection-default-class',
      renderContainer(container).filter(isExternalConnectionObject),
    );
  });

  it("leaves out ports forwarded to queue-proxy's, and renders nothing without a connection or ports", () => {
    const onQueueProxy = {
      ...container,
      externalConnection: {
        ...connection,
        ports: [
          { externalPort: 8022, internalPort: 8022, protocol: 'TCP' as const, allowList: [] },
          { externalPort: 9091, internalPort: 9091, protocol: 'TCP' as const, allowList: [] },
        ],
      },
    };
    expect(renderContainer(onQueueProxy).filter(isExternalConnectionObject)).toEqual([]);
    expect(
      renderContainer({ ...container, externalConnection: null }).filter(isExternalConnectionObject),
    ).toEqual([]);
    expect(
      renderContainer({ ...container, externalConnection: { ...connection, ports: [] } }).filter(
        isExternalConnectionObject,
      ),
    ).toEqual([]);
    // The Service of the container's ports beyond the first is not the connection's.
    expect(
      byKind(renderContainer(container), 'v1', 'Service').map((service) => service.metadata.name),
    ).toEqual(['web-ports', 'web-external-ip', 'web-external-ip-2', 'web-external-ip-3']);
  });

  it('names stay DNS labels of at most 63 characters, distinct, for the longest names', () => {
    const long = `a${'b'.repeat(61)}c`;
    const names = Array.from({ length: 10 }, (_, index) => externalServiceName(long, index));
    for (const name of names) expect(name).toMatch(/^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/);
    expect(new Set(names).size).toBe(10);
    expect(names[0]).toMatch(/^ab+-[0-9a-f]{8}-external-ip$/);
    expect(externalServiceName('web', 1)).toBe('web-external-ip-2');
  });
});

describe('a database cluster with an external connection', () => {
  it("selects CloudNativePG's primary, as its read-write service does, and opens every instance", async () => {
    const objects = renderDatabaseCluster(
      {
        ...cluster,
        externalConnection: {
          ipv4: '192.0.2.12',
          ipv6: '2001:db8::12',
          shared: false,
          ports: [{ externalPort: 5432, internalPort: 5432, protocol: 'TCP', allowList: ['203.0.113.0/24'] }],
        },
      },
      undefined,
      METALLB,
    );
    const [service, ...more] = services(objects);
    expect(more).toEqual([]);
    // Not CloudNativePG's `orders-external` (the placement's LoadBalancer).
    expect(service?.metadata.name).toBe('orders-external-ip');
    expect(service?.spec.selector).toEqual({
      'cnpg.io/cluster': 'orders',
      'cnpg.io/instanceRole': 'primary',
    });
    expect(service?.spec.ports).toEqual([
      { name: 'tcp-5432', port: 5432, targetPort: 5432, protocol: 'TCP' },
    ]);
    expect(policies(objects)[0]?.spec.podSelector).toEqual({ matchLabels: { 'cnpg.io/cluster': 'orders' } });
    await check('database-cluster-external-connection', objects.filter(isExternalConnectionObject));
  });
});

describe('a message queue with an external connection', () => {
  it("selects the broker's pods, as the cluster operator labels them", async () => {
    const objects = renderMessageQueue(queue, undefined, METALLB);
    const [service] = services(objects);
    expect(service?.metadata.name).toBe('mq-events-external-ip');
    expect(service?.spec.selector).toEqual({ 'app.kubernetes.io/name': 'mq-events' });
    expect(service?.spec.loadBalancerSourceRanges).toEqual(['198.51.100.0/24']);
    expect(policies(objects)[0]?.spec.ingress).toEqual([
      { from: [{ ipBlock: { cidr: '198.51.100.0/24' } }], ports: [{ port: 5672, protocol: 'TCP' }] },
    ]);
    await check('message-queue-external-connection', objects.filter(isExternalConnectionObject));
  });
});

describe('allowlist entries as CIDRs', () => {
  it('gives addresses their full prefix and ranges their network address, IPv6 in its canonical form', () => {
    expect(canonicalCidr('203.0.113.7')).toBe('203.0.113.7/32');
    expect(canonicalCidr('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(canonicalCidr('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(canonicalCidr('2001:DB8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1/128');
    expect(canonicalCidr('2001:db8:0:0:0:0:0:0/32')).toBe('2001:db8::/32');
    expect(canonicalCidr('2001:db8:abcd:12ff::1/56')).toBe('2001:db8:abcd:1200::/56');
    expect(canonicalCidr('::/0')).toBe('::/0');
    expect(canonicalCidr('::1')).toBe('::1/128');
    expect(canonicalCidr('fe80:0:0:1:2:3:4:5')).toBe('fe80::1:2:3:4:5/128');
    // A single zero word stays (RFC 5952).
    expect(canonicalCidr('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1/128');
    // IPv4 clients arrive as IPv4: a mapped range is the IPv4 range.
    expect(canonicalCidr('::ffff:198.51.100.7')).toBe('198.51.100.7/32');
    expect(canonicalCidr('::ffff:c633:6400/120')).toBe('198.51.100.0/24');
  });

  it('refuses what is no address rather than open the port to everyone', () => {
    for (const entry of [
      'example.com',
      '10.0.0.256',
      '10.0.0.1/33',
      '2001:db8::/129',
      '1::2::3',
      '01.2.3.4',
    ]) {
      expect(() => canonicalCidr(entry), entry).toThrow(/is not an IP address or CIDR/);
    }
  });
});
