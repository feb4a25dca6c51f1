import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import { renderDatabaseCluster } from '../../src/provisioning/kubernetes/render-database-cluster.ts';
import { byKind, check, cluster } from './kubernetes-render-setup.ts';

// What the Kubernetes driver puts on a cluster for a database cluster, running or stopped.

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
