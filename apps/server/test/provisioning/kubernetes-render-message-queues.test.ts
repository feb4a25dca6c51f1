import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { QueueState } from '../../src/provisioning/message-queue-driver.ts';
import type { KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import { brokerName, renderMessageQueue } from '../../src/provisioning/kubernetes/render-message-queue.ts';
import { CRD_FOLDER } from '../support/kubernetes-schemas.ts';
import { byKind, check, customerId, namespace } from './kubernetes-render-setup.ts';

// What the Kubernetes driver puts on a cluster for a message queue, running or stopped: a RabbitmqCluster of
// the plan's size, and the topology operator's Vhost, Users (with their password Secrets) and Permissions.

const RABBITMQ = 'rabbitmq.com/v1beta1';

const queue: QueueState = {
  id: 21,
  name: 'events',
  namespace: namespace.name,
  runtimeNamespace: namespace.internalName,
  customerId,
  version: '4.1',
  patchLevelVersion: '4.1.4',
  size: { millicores: 1500, memoryGb: 4, storageGb: 40, replicas: 3, maxConnections: 1000 },
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
    { name: 'billing_app', role: 'admin', password: 'billing-password-1' },
  ],
  allowList: [],
  externalConnection: null,
  stopped: false,
};

type Spec = KubernetesObject & { spec: Record<string, unknown> };
const specOf = (objects: KubernetesObject[], kind: string) =>
  (byKind(objects, RABBITMQ, kind) as Spec[]).map((object) => object.spec);

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
}

/**
 * The fields of an object its CRD does not know, which the API server would prune without a word (the schema
 * check lets them through: the CRDs do not forbid additional properties).
 */
function unknownFields(value: unknown, schema: Schema, at = ''): string[] {
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    return value.flatMap((item, index) => unknownFields(item, items, `${at}[${index}]`));
  }
  if (typeof value !== 'object' || value === null || !schema.properties) return [];
  if (schema['x-kubernetes-preserve-unknown-fields']) return [];
  const properties = schema.properties;
  return Object.entries(value).flatMap(([key, field]) => {
    const inner = properties[key];
    return inner ? unknownFields(field, inner, `${at}.${key}`) : [`${at}.${key}`];
  });
}

function specSchema(file: string): Schema {
  const crd = parse(readFileSync(path.join(CRD_FOLDER, 'rabbitmq', file), 'utf8')) as {
    spec: { versions: { name: string; schema: { openAPIV3Schema: Schema } }[] };
  };
  const version = crd.spec.versions.find((candidate) => candidate.name === 'v1beta1');
  return version?.schema.openAPIV3Schema.properties?.spec ?? {};
}

describe('message queues', () => {
  it('a queue is a RabbitmqCluster of the plan, a Vhost with its connection limit, and per user a Secret, a User and a Permission', async () => {
    const objects = renderMessageQueue(queue, 'fast-expandable');
    expect(objects.map((object) => `${object.kind} ${object.metadata.name}`)).toEqual([
      'RabbitmqCluster mq-events',
      'Vhost mq-events-vhost',
      'Secret mq-events-user-admin',
      'User mq-events-user-admin',
      'Permission mq-events-user-admin',
      'Secret mq-events-user-billing-app',
      'User mq-events-user-billing-app',
      'Permission mq-events-user-billing-app',
      'NetworkPolicy mq-events-operators',
    ]);
    expect(objects.every((object) => object.metadata.namespace === namespace.internalName)).toBe(true);
    const [cluster] = specOf(objects, 'RabbitmqCluster');
    expect(cluster).toEqual({
      replicas: 3,
      image: 'rabbitmq:4.1.4-management',
      resources: { requests: { cpu: '1500m', memory: '4G' }, limits: { cpu: '1500m', memory: '4G' } },
      persistence: { storage: '40G', storageClassName: 'fast-expandable' },
      service: {
        type: 'ClusterIP',
        annotations: { 'external-dns.alpha.kubernetes.io/hostname': 'events-shop.mq.apps.example.com' },
      },
    });
    expect(specOf(objects, 'Vhost')).toEqual([
      { name: '/', rabbitmqClusterReference: { name: 'mq-events' }, limits: { connections: 1000 } },
    ]);
    // Every topology object names the cluster it lives on.
    for (const spec of [...specOf(objects, 'User'), ...specOf(objects, 'Permission')]) {
      expect(spec.rabbitmqClusterReference).toEqual({ name: 'mq-events' });
    }
    await check('message-queue', objects);
  });

  it("each user's password is a basic-auth Secret the User imports, with every permission on the vhost", () => {
    const objects = renderMessageQueue(queue);
    const secrets = byKind(objects, 'v1', 'Secret') as (KubernetesObject & {
      type: string;
      data: Record<string, string>;
    })[];
    const decoded = secrets.map((secret) => [
      secret.metadata.name,
      secret.type,
      Buffer.from(secret.data.username ?? '', 'base64').toString(),
      Buffer.from(secret.data.password ?? '', 'base64').toString(),
    ]);
    expect(decoded).toEqual([
      ['mq-events-user-admin', 'kubernetes.io/basic-auth', 'admin', 'admin-password-1'],
      ['mq-events-user-billing-app', 'kubernetes.io/basic-auth', 'billing_app', 'billing-password-1'],
    ]);
    expect(specOf(objects, 'User')[1]).toMatchObject({
      importCredentialsSecret: { name: 'mq-events-user-billing-app' },
      tags: ['policymaker', 'monitoring'],
    });
    expect(specOf(objects, 'Permission')[1]).toEqual({
      vhost: '/',
      userReference: { name: 'mq-events-user-billing-app' },
      permissions: { configure: '.*', write: '.*', read: '.*' },
      rabbitmqClusterReference: { name: 'mq-events' },
    });
    // Only the topology operator's namespace reaches the management API through the default-deny policy.
    const [policy] = byKind(objects, 'networking.k8s.io/v1', 'NetworkPolicy');
    expect(policy?.spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'mq-events' } },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [
            { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'rabbitmq-system' } } },
          ],
          ports: [{ port: 15672, protocol: 'TCP' }],
        },
      ],
    });
  });

  it('sets no field the CRDs do not know (the API server would drop it)', () => {
    const files: Record<string, string> = {
      RabbitmqCluster: 'rabbitmq.com_rabbitmqclusters.yaml',
      Vhost: 'rabbitmq.com_vhosts.yaml',
      User: 'rabbitmq.com_users.yaml',
      Permission: 'rabbitmq.com_permissions.yaml',
    };
    const objects = renderMessageQueue(queue, 'fast-expandable').filter(
      (object) => object.apiVersion === RABBITMQ,
    );
    for (const object of objects as Spec[]) {
      expect(unknownFields(object.spec, specSchema(files[object.kind] ?? '')), object.kind).toEqual([]);
    }
  });

  it('a single-node plan without a storage class has one replica and the default class', async () => {
    const objects = renderMessageQueue({
      ...queue,
      size: { millicores: 500, memoryGb: 1, storageGb: 10, replicas: 1, maxConnections: 250 },
      users: queue.users.slice(0, 1),
    });
    expect(specOf(objects, 'RabbitmqCluster')[0]).toMatchObject({
      replicas: 1,
      resources: { limits: { cpu: '500m', memory: '1G' } },
      persistence: { storage: '10G' },
    });
    expect(specOf(objects, 'RabbitmqCluster')[0]?.persistence).not.toHaveProperty('storageClassName');
    await check('message-queue-single', objects);
  });

  it("a long name keeps the cluster's name within the operator's 45 characters, distinct per queue", () => {
    const long = 'a'.repeat(50);
    const names = [brokerName({ name: `${long}-one` }), brokerName({ name: `${long}-two` })];
    expect(names.map((name) => name.length)).toEqual([45, 45]);
    expect(names[0]).not.toBe(names[1]);
    expect(names[0]).toMatch(/^mq-a+-[0-9a-f]{8}$/);
    expect(brokerName({ name: 'a'.repeat(42) })).toBe(`mq-${'a'.repeat(42)}`);
  });
});

describe('a stopped queue', () => {
  it('keeps its nodes and users, and its vhost takes no connection', async () => {
    const running = renderMessageQueue(queue);
    const stopped = renderMessageQueue({ ...queue, stopped: true });
    expect(specOf(stopped, 'Vhost')[0]?.limits).toEqual({ connections: 0 });
    expect(specOf(stopped, 'RabbitmqCluster')).toEqual(specOf(running, 'RabbitmqCluster'));
    expect(stopped.filter((object) => object.kind !== 'Vhost')).toEqual(
      running.filter((object) => object.kind !== 'Vhost'),
    );
    await check('message-queue-stopped', stopped);
  });
});
