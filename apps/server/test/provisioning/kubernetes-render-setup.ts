import { expect } from 'vitest';
import { stringify } from 'yaml';
import type { ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import { LABELS, type KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import type {
  ContainerInput,
  ContainerJobInput,
} from '../../src/provisioning/kubernetes/render-workloads.ts';
import { validateObject } from '../support/kubernetes-schemas.ts';

// What the tests of the Kubernetes driver's objects (kubernetes-render-*.test.ts) share: the resources they
// render, and the check every rendering passes: each object valid against the real schemas (kubernetes-models,
// @kubernetes-models/knative, CloudNativePG's CRDs), labelled with whose it is, and shown as YAML in
// __snapshots__/kubernetes/ (a change to them is a reviewed change).

export const namespace = { name: 'shop', internalName: 'ns-0123456789ab' };
export const customerId = 41;

export function check(name: string, objects: KubernetesObject[]) {
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

export const baseContainer: ContainerInput = {
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
  externalConnection: null,
};

export const fullContainer: ContainerInput = {
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

export const job: ContainerJobInput = {
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
  timeoutSeconds: 3600,
  retries: 2,
};

export const cluster: ClusterState = {
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
  externalConnection: null,
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

export const byKind = (objects: KubernetesObject[], apiVersion: string, kind: string) =>
  objects.filter((object) => object.apiVersion === apiVersion && object.kind === kind);
