import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import { LABELS, type KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import { renderDatabaseCluster } from '../../src/provisioning/kubernetes/render-database-cluster.ts';
import {
  renderNamespace,
  renderRegistrySecret,
  renderVolumeClaim,
} from '../../src/provisioning/kubernetes/render-namespace.ts';
import {
  renderContainer,
  renderContainerJob,
  renderRunJob,
  type ContainerInput,
  type ContainerJobInput,
} from '../../src/provisioning/kubernetes/render-workloads.ts';
import { validateObject } from '../support/kubernetes-schemas.ts';

// What the Kubernetes driver puts on a cluster, for each kind of resource and option: every object valid
// against the real schemas (kubernetes-models, @kubernetes-models/knative, CloudNativePG's CRDs), labelled
// with whose it is, and shown as YAML in __snapshots__/kubernetes/ (a change to them is a reviewed change).

const namespace = { name: 'shop', internalName: 'ns-0123456789ab' };
const customerId = 41;

function check(name: string, objects: KubernetesObject[]) {
  for (const object of objects) {
    validateObject(object);
    expect(object.metadata.labels?.[LABELS.managedBy], `${object.kind} ${object.metadata.name}`).toBe(
      'berth',
    );
    expect(object.metadata.labels?.[LABELS.customer]).toBe(String(customerId));
    expect(object.metadata.labels?.[LABELS.namespace]).toBe(namespace.name);
  }
  return expect(
    objects.map((object) => stringify(object, { aliasDuplicateObjects: false })).join('---\n'),
  ).toMatchFileSnapshot(`__snapshots__/kubernetes/${name}.yaml`);
}

const baseContainer: ContainerInput = {
  customerId,
  id: 7,
  name: 'web',
  namespace,
  image: 'nginx:1.27',
  resources: 'CPU_250_RAM_500',
  entrypoint: null,
  command: null,
  variables: [],
  mounts: [],
  registryName: null,
  changedAt: new Date('2026-11-26T09:30:00Z'),
  ports: ['8080'],
  healthCheck: null,
  scaling: { replicas: 1 },
  ingresses: [],
};

const fullContainer: ContainerInput = {
  ...baseContainer,
  image: 'registry.example.com/team/api:2.1',
  resources: 'CPU_1000_RAM_2000',
  entrypoint: ['/bin/api'],
  command: ['--listen', ':8080'],
  variables: [
    { name: 'LOG_LEVEL', value: 'info', secret: false },
    { name: 'DB_PASSWORD', value: 'hunter2-secret', secret: true },
  ],
  mounts: [{ path: '/data', volumeName: 'data' }],
  registryName: 'private',
  ports: ['8080', '9090', '5000'],
  healthCheck: { port: 8080, path: '/healthz' },
  scaling: { minimum: 1, maximum: 5, triggers: [{ type: 'CPU', threshold: 70 }] },
  ingresses: [
    { domainName: 'web-shop.apps.example.com', port: 8080, enableTls: true },
    { domainName: 'plain.example.org', port: 8080, enableTls: false },
  ],
};

const job: ContainerJobInput = {
  customerId,
  id: 9,
  name: 'nightly',
  namespace,
  image: 'busybox:1.36',
  resources: 'CPU_500_RAM_1000',
  entrypoint: ['sh', '-c'],
  command: ['echo done'],
  variables: [{ name: 'TOKEN', value: 'job-secret-value', secret: true }],
  mounts: [{ path: '/backup', volumeName: 'backups' }],
  registryName: null,
  schedule: '30 2 * * *',
  enabled: true,
};

const cluster: ClusterState = {
  id: 12,
  name: 'orders',
  namespace: namespace.name,
  runtimeNamespace: namespace.internalName,
  customerId,
  engine: 'postgresql',
  version: '16',
  patchLevelVersion: '16.10',
  size: { cpu: 2, memoryGb: 4, storageGb: 50, replicas: 3 },
  stopped: false,
  placement: { hostname: 'orders-shop.db.apps.example.com', port: 5432, namePrefix: '' },
  databases: [
    { name: 'orders', status: 'ready' },
    { name: 'audit_log', status: 'creating' },
    { name: 'old', status: 'deleting' },
  ],
  users: [
    { name: 'admin', role: 'admin', password: 'admin-password-1', permissions: [], status: 'ready' },
    {
      name: 'reporting',
      role: 'user',
      password: 'reporting-pass-1',
      permissions: [
        { databaseName: 'orders', permission: 'READ_ONLY' },
        { databaseName: 'audit_log', permission: 'READ_WRITE' },
      ],
      status: 'ready',
    },
    { name: 'gone_user', role: 'user', password: 'gone-password-1', permissions: [], status: 'deleting' },
  ],
};

const byKind = (objects: KubernetesObject[], apiVersion: string, kind: string) =>
  objects.filter((object) => object.apiVersion === apiVersion && object.kind === kind);

describe('namespaces, registries and volumes', () => {
  it('a namespace is a Namespace with a ResourceQuota and a default-deny NetworkPolicy', async () => {
    const objects = renderNamespace({
      customerId,
      id: 3,
      name: namespace.name,
      internalName: namespace.internalName,
    });
    expect(objects.map((object) => object.kind)).toEqual(['Namespace', 'ResourceQuota', 'NetworkPolicy']);
    const policy = objects[2] as KubernetesObject & { spec: { podSelector: object; policyTypes: string[] } };
    expect(policy.spec.podSelector).toEqual({});
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    await check('namespace', objects);
  });

  it('a private registry is a dockerconfigjson Secret holding its credentials for its host', async () => {
    const secret = renderRegistrySecret({
      customerId,
      id: 4,
      name: 'private',
      namespace,
      source: { scheme: 'https', authority: 'registry.example.com:5000', host: 'registry.example.com' },
      username: 'robot',
      password: 'registry-pass',
    }) as KubernetesObject & { type: string; data: Record<string, string> };
    expect(secret.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(Buffer.from(secret.data['.dockerconfigjson'] ?? '', 'base64').toString()) as {
      auths: Record<string, { auth: string }>;
    };
    expect(Buffer.from(config.auths['registry.example.com:5000']?.auth ?? '', 'base64').toString()).toBe(
      'robot:registry-pass',
    );
    await check('registry', [secret]);
  });

  it('a volume is a claim of its size, on the configured storage class', async () => {
    const claim = renderVolumeClaim(
      { customerId, id: 5, name: 'data', namespace, sizeGb: 20 },
      'fast-expandable',
    );
    expect(claim.spec).toMatchObject({
      resources: { requests: { storage: '20G' } },
      storageClassName: 'fast-expandable',
    });
    const onDefault = renderVolumeClaim({ customerId, id: 5, name: 'data', namespace, sizeGb: 20 });
    expect(onDefault.spec).not.toHaveProperty('storageClassName');
    await check('volume', [claim, onDefault]);
  });
});

describe('containers', () => {
  it('the smallest container is its variables Secret and a Knative Service of one replica', async () => {
    const objects = renderContainer(baseContainer);
    expect(objects.map((object) => `${object.apiVersion} ${object.kind}`)).toEqual([
      'v1 Secret',
      'serving.knative.dev/v1 Service',
    ]);
    await check('container-minimal', objects);
  });

  it('with everything: secret values by reference, probe, mounts, pull secret, a mapping per address, extra ports', async () => {
    const objects = renderContainer(fullContainer);
    const [service] = byKind(objects, 'serving.knative.dev/v1', 'Service');
    const text = JSON.stringify(service);
    expect(text).not.toContain('hunter2-secret');
    expect(text).toContain('"secretKeyRef":{"name":"container-web-env","key":"DB_PASSWORD"}');
    expect(text).toContain('"readinessProbe":{"httpGet":{"path":"/healthz","port":8080}}');
    expect(text).toContain('"imagePullSecrets":[{"name":"registry-private"}]');
    expect(text).toContain('"claimName":"volume-data"');
    const mappings = byKind(objects, 'serving.knative.dev/v1beta1', 'DomainMapping');
    expect(mappings.map((mapping) => mapping.metadata.name)).toEqual([
      'web-shop.apps.example.com',
      'plain.example.org',
    ]);
    expect(mappings[1]?.metadata.annotations).toEqual({
      'networking.knative.dev/disable-external-domain-tls': 'true',
    });
    const [ports] = byKind(objects, 'v1', 'Service') as (KubernetesObject & {
      spec: { type: string; ports: { port: number }[] };
    })[];
    expect(ports?.spec.type).toBe('LoadBalancer');
    expect(ports?.spec.ports.map((port) => port.port)).toEqual([9090, 5000]);
    // The default-deny policy would drop what the load balancer brings from outside: those ports are let in.
    const [published] = byKind(objects, 'networking.k8s.io/v1', 'NetworkPolicy');
    expect(published?.spec).toEqual({
      podSelector: { matchLabels: { 'serving.knative.dev/service': 'web' } },
      policyTypes: ['Ingress'],
      ingress: [
        {
          ports: [
            { port: 9090, protocol: 'TCP' },
            { port: 5000, protocol: 'TCP' },
          ],
        },
      ],
    });
    await check('container-full', objects);
  });

  it.each([
    [
      'manual',
      { replicas: 3 },
      { 'autoscaling.knative.dev/min-scale': '3', 'autoscaling.knative.dev/max-scale': '3' },
    ],
    [
      'scaled to zero',
      { replicas: 0 },
      { 'autoscaling.knative.dev/min-scale': '0', 'autoscaling.knative.dev/initial-scale': '0' },
    ],
    [
      'autoscaled on memory',
      { minimum: 2, maximum: 4, triggers: [{ type: 'MEMORY' as const, threshold: 50 }] },
      {
        'autoscaling.knative.dev/class': 'hpa.autoscaling.knative.dev',
        'autoscaling.knative.dev/metric': 'memory',
        'autoscaling.knative.dev/target': '238',
        'autoscaling.knative.dev/min-scale': '2',
        'autoscaling.knative.dev/max-scale': '4',
      },
    ],
  ])('scaling %s becomes Knative annotations', async (name, scaling, annotations) => {
    const objects = renderContainer({ ...baseContainer, scaling });
    const [service] = byKind(objects, 'serving.knative.dev/v1', 'Service') as (KubernetesObject & {
      spec: { template: { metadata: { annotations: Record<string, string> } } };
    })[];
    expect(service?.spec.template.metadata.annotations).toMatchObject(annotations);
    await check(`container-scaling-${name.replaceAll(' ', '-')}`, objects);
  });
});

describe('container jobs', () => {
  it('a job is a CronJob in UTC that never overlaps, suspended while disabled', async () => {
    const objects = renderContainerJob(job);
    const [cronJob] = byKind(objects, 'batch/v1', 'CronJob') as (KubernetesObject & {
      spec: Record<string, unknown>;
    })[];
    expect(cronJob?.spec).toMatchObject({
      schedule: '30 2 * * *',
      timeZone: 'Etc/UTC',
      suspend: false,
      concurrencyPolicy: 'Forbid',
      startingDeadlineSeconds: 60,
    });
    expect(JSON.stringify(cronJob)).not.toContain('job-secret-value');
    await check('container-job', objects);
    const disabled = renderContainerJob({ ...job, enabled: false });
    expect(byKind(disabled, 'batch/v1', 'CronJob')[0]?.spec).toMatchObject({ suspend: true });
    await check('container-job-disabled', disabled);
  });

  it('run now is a Job from the same template, named as the run and owned by the CronJob', async () => {
    const run = renderRunJob(job, 'nightly-manual-ab12c', '1d6f4e38-0000-4000-8000-000000000001');
    const [cronJob] = byKind(renderContainerJob(job), 'batch/v1', 'CronJob') as (KubernetesObject & {
      spec: { jobTemplate: { spec: unknown } };
    })[];
    expect(run.spec).toEqual(cronJob?.spec.jobTemplate.spec);
    expect(run.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        name: 'nightly',
        uid: '1d6f4e38-0000-4000-8000-000000000001',
      },
    ]);
    await check('container-job-run', [run]);
  });
});

describe('database clusters', () => {
  it('a cluster is a CloudNativePG Cluster with managed roles, basic-auth password Secrets and Database objects', async () => {
    const objects = renderDatabaseCluster(cluster, 'fast-expandable');
    const [clusterObject] = byKind(objects, 'postgresql.cnpg.io/v1', 'Cluster') as (KubernetesObject & {
      spec: { instances: number; managed: { roles: { name: string; ensure: string; inRoles?: string[] }[] } };
    })[];
    expect(clusterObject?.spec.instances).toBe(3);
    const roles = Object.fromEntries(
      clusterObject?.spec.managed.roles.map((role) => [role.name, role]) ?? [],
    );
    expect(roles.reporting).toMatchObject({ ensure: 'present', inRoles: ['orders:ro', 'audit_log:rw'] });
    expect(roles.gone_user).toEqual({ name: 'gone_user', ensure: 'absent' });
    expect(Object.keys(roles)).toEqual(
      expect.arrayContaining(['orders:ro', 'orders:rw', 'audit_log:ro', 'audit_log:rw']),
    );
    expect(roles['old:ro']).toEqual({ name: 'old:ro', ensure: 'absent' });
    const secrets = byKind(objects, 'v1', 'Secret') as (KubernetesObject & { type: string })[];
    expect(secrets.map((secret) => [secret.metadata.name, secret.type])).toEqual([
      ['orders-user-admin', 'kubernetes.io/basic-auth'],
      ['orders-user-reporting', 'kubernetes.io/basic-auth'],
    ]);
    const databases = byKind(objects, 'postgresql.cnpg.io/v1', 'Database') as (KubernetesObject & {
      spec: { name: string; ensure: string; owner: string };
    })[];
    expect(
      databases.map((database) => [database.metadata.name, database.spec.name, database.spec.ensure]),
    ).toEqual([
      ['orders-db-orders', 'orders', 'present'],
      ['orders-db-audit-log', 'audit_log', 'present'],
      ['orders-db-old', 'old', 'absent'],
    ]);
    await check('database-cluster', objects);
  });

  it('a single-node plan has one instance', async () => {
    const objects = renderDatabaseCluster({
      ...cluster,
      size: { cpu: 1, memoryGb: 1, storageGb: 10, replicas: 1 },
      databases: [],
      users: cluster.users.slice(0, 1),
    });
    expect(byKind(objects, 'postgresql.cnpg.io/v1', 'Cluster')[0]?.spec).toMatchObject({ instances: 1 });
    await check('database-cluster-single', objects);
  });
});

describe('a stopped cluster', () => {
  it('is hibernated: the Cluster carries CloudNativePG hibernation annotation, which goes when it runs again', async () => {
    const metadataOf = (stopped: boolean) =>
      byKind(renderDatabaseCluster({ ...cluster, stopped }), 'postgresql.cnpg.io/v1', 'Cluster')[0]?.metadata;
    expect(metadataOf(true)?.annotations).toEqual({ 'cnpg.io/hibernation': 'on' });
    expect(metadataOf(false)?.annotations).toBeUndefined();
    await check('database-cluster-stopped', renderDatabaseCluster({ ...cluster, stopped: true }));
  });
});

describe('the schema check itself', () => {
  it('refuses an object that breaks its schema, and a kind it has no schema for', () => {
    const [cronJob] = byKind(renderContainerJob(job), 'batch/v1', 'CronJob');
    expect(() => validateObject({ ...cronJob, spec: { schedule: 5 } } as KubernetesObject)).toThrow(
      /CronJob nightly/,
    );
    const [clusterObject] = byKind(renderDatabaseCluster(cluster), 'postgresql.cnpg.io/v1', 'Cluster');
    expect(() =>
      validateObject({ ...clusterObject, spec: { instances: 'three' } } as KubernetesObject),
    ).toThrow(/instances/);
    expect(() =>
      validateObject({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' } }),
    ).toThrow('No schema for example.com/v1/Widget');
  });
});
