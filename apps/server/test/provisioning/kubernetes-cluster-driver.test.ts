import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import { ChangeInProgress } from '../../src/provisioning/driver.ts';
import { createKubernetesDatabaseClusters } from '../../src/provisioning/kubernetes/database-clusters.ts';
import { startKubernetesStandIn, type KubernetesStandIn } from '../support/kubernetes-stand-in.ts';
import { describeNeeding, postgresServerUrl, withoutPostgresServer } from '../support/postgres-server.ts';

// Database clusters on CloudNativePG, through the real client against the API stand-in: the objects are
// applied by server-side apply, the cluster is ready only once CloudNativePG reports it healthy with its roles
// and databases, then the READ_ONLY / READ_WRITE grants run in each database. The grants run against the
// local PostgreSQL server, where the test makes the roles and database CloudNativePG would have made.

const CNPG = 'postgresql.cnpg.io/v1';
const runtimeNamespace = 'ns-00c0ffee00c0';
const missing = await withoutPostgresServer();

describeNeeding(missing, 'the CloudNativePG database cluster driver', () => {
  const suffix = randomInt(1e6, 1e7);
  const names = {
    admin: `adm_${suffix}`,
    reader: `rd_${suffix}`,
    writer: `wr_${suffix}`,
    database: `orders_${suffix}`,
  };
  const groups = { readers: `${names.database}:ro`, writers: `${names.database}:rw` };
  const state: ClusterState = {
    id: suffix,
    name: 'orders',
    namespace: 'shop',
    runtimeNamespace,
    customerId: 5,
    engine: 'postgresql',
    version: '16',
    patchLevelVersion: '16.10',
    size: { cpu: 1, memoryGb: 2, storageGb: 25, replicas: 1 },
    stopped: false,
    externalConnection: null,
    placement: { hostname: 'orders-shop.db.apps.example.com', port: 5432, namePrefix: '' },
    databases: [{ name: names.database, status: 'creating' }],
    users: [
      { name: names.admin, role: 'admin', password: 'admin-password-1', permissions: [], status: 'creating' },
      {
        name: names.reader,
        role: 'user',
        password: 'reader-password-1',
        permissions: [{ databaseName: names.database, permission: 'READ_ONLY' }],
        status: 'creating',
      },
      {
        name: names.writer,
        role: 'user',
        password: 'writer-password-1',
        permissions: [{ databaseName: names.database, permission: 'READ_WRITE' }],
        status: 'creating',
      },
    ],
  };
  let cluster: KubernetesStandIn;
  let server: pg.Client;
  const serverUrl = new URL(postgresServerUrl);
  const connectAs = (user: string, password: string) => {
    const client = new pg.Client({
      host: serverUrl.hostname,
      port: Number(serverUrl.port || 5432),
      database: names.database,
      user,
      password,
    });
    return client.connect().then(() => client);
  };
  const driver = () =>
    createKubernetesDatabaseClusters({
      kubeConfig: cluster.kubeConfig(),
      appsDomain: 'apps.example.com',
      // Instead of the cluster's read-write service, the local server (its superuser's credentials are the
      // Secret the test puts where CloudNativePG would).
      connectionOf: (_cluster, database, user) => ({
        host: serverUrl.hostname,
        port: Number(serverUrl.port || 5432),
        database,
        user: user.name,
        password: user.password,
      }),
    });

  beforeAll(async () => {
    cluster = await startKubernetesStandIn();
    cluster.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: runtimeNamespace } });
    server = new pg.Client({ connectionString: postgresServerUrl });
    await server.connect();
  });
  afterAll(async () => {
    await server.query(`DROP DATABASE IF EXISTS "${names.database}" WITH (FORCE)`);
    for (const role of [names.reader, names.writer, groups.readers, groups.writers, names.admin]) {
      await server.query(`DROP ROLE IF EXISTS "${role}"`);
    }
    await server.end();
    await cluster.close();
  });

  it('applies the Cluster, its password Secrets and Database objects, and waits for CloudNativePG', async () => {
    const clusters = driver();
    await expect(clusters.apply(state)).rejects.toThrow(ChangeInProgress);
    for (const path of [
      `/apis/postgresql.cnpg.io/v1/namespaces/${runtimeNamespace}/clusters/orders`,
      `/apis/postgresql.cnpg.io/v1/namespaces/${runtimeNamespace}/databases/orders-db-orders-${suffix}`,
      `/api/v1/namespaces/${runtimeNamespace}/secrets/orders-user-rd-${suffix}`,
    ]) {
      const apply = cluster.requests.find((request) => request.method === 'PATCH' && request.path === path);
      expect(apply, path).toMatchObject({ contentType: 'application/apply-patch+yaml' });
      expect(apply?.query.get('fieldManager')).toBe('berth');
      expect(apply?.query.get('force')).toBe('true');
    }
    expect(cluster.get('v1', 'Secret', runtimeNamespace, `orders-user-rd-${suffix}`)).toMatchObject({
      type: 'kubernetes.io/basic-auth',
      data: { password: Buffer.from('reader-password-1').toString('base64') },
    });

    // Healthy, with every role reconciled, but the database not applied yet: still waiting.
    cluster.setStatus(CNPG, 'Cluster', runtimeNamespace, 'orders', {
      instances: 1,
      readyInstances: 1,
      phase: 'Cluster in healthy state',
      managedRolesStatus: {
        byStatus: { reconciled: [names.admin, names.reader, names.writer, groups.readers, groups.writers] },
      },
    });
    await expect(clusters.apply(state)).rejects.toThrow(/database orders-db-orders-\d+ is being applied/);
  });

  it('once all is applied, grants each group what its permission allows in the database', async () => {
    // What CloudNativePG makes from the objects: the roles with their memberships, the database of its owner.
    await server.query(`CREATE ROLE "${names.admin}" LOGIN CREATEDB PASSWORD 'admin-password-1'`);
    await server.query(`CREATE ROLE "${groups.readers}" NOLOGIN`);
    await server.query(`CREATE ROLE "${groups.writers}" NOLOGIN`);
    await server.query(
      `CREATE ROLE "${names.reader}" LOGIN PASSWORD 'reader-password-1' IN ROLE "${groups.readers}"`,
    );
    await server.query(
      `CREATE ROLE "${names.writer}" LOGIN PASSWORD 'writer-password-1' IN ROLE "${groups.writers}"`,
    );
    await server.query(`CREATE DATABASE "${names.database}" OWNER "${names.admin}"`);
    cluster.setStatus(CNPG, 'Database', runtimeNamespace, `orders-db-orders-${suffix}`, { applied: true });
    // Until CloudNativePG has made the superuser's Secret, Berth cannot grant.
    await expect(driver().apply(state)).rejects.toThrow(/superuser Secret is not there yet/);
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    cluster.put({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'orders-superuser', namespace: runtimeNamespace },
      type: 'kubernetes.io/basic-auth',
      data: { username: base64(serverUrl.username || 'postgres'), password: base64(serverUrl.password) },
    });

    await driver().apply(state);

    const admin = await connectAs(names.admin, 'admin-password-1');
    await admin.query('CREATE TABLE orders (id int)');
    await admin.end();
    const writer = await connectAs(names.writer, 'writer-password-1');
    await writer.query('INSERT INTO orders VALUES (1)');
    await writer.end();
    const reader = await connectAs(names.reader, 'reader-password-1');
    expect((await reader.query('SELECT id FROM orders')).rows).toEqual([{ id: 1 }]);
    await expect(reader.query('INSERT INTO orders VALUES (2)')).rejects.toThrow(/permission denied/);
    await reader.end();
  });

  it('resizes the cluster to a new plan and waits until CloudNativePG has every instance ready', async () => {
    // From plan s-1 to s-3: the same size, three instances.
    const upgraded: ClusterState = { ...state, size: { ...state.size, replicas: 3 } };
    await expect(driver().apply(upgraded)).rejects.toThrow(/cluster orders is starting/);
    const applied = cluster.get(CNPG, 'Cluster', runtimeNamespace, 'orders') as
      { spec: { instances: number; storage: { size: string } } } | undefined;
    expect(applied?.spec).toMatchObject({ instances: 3, storage: { size: '25G' } });

    // Two more instances on their way: still resizing.
    cluster.setStatus(CNPG, 'Cluster', runtimeNamespace, 'orders', {
      instances: 3,
      readyInstances: 1,
      phase: 'Creating a new replica',
      managedRolesStatus: {
        byStatus: { reconciled: [names.admin, names.reader, names.writer, groups.readers, groups.writers] },
      },
    });
    await expect(driver().apply(upgraded)).rejects.toThrow(
      'cluster orders is starting (Creating a new replica)',
    );
    cluster.setStatus(CNPG, 'Cluster', runtimeNamespace, 'orders', {
      instances: 3,
      readyInstances: 3,
      phase: 'Cluster in healthy state',
      managedRolesStatus: {
        byStatus: { reconciled: [names.admin, names.reader, names.writer, groups.readers, groups.writers] },
      },
    });
    await driver().apply(upgraded);
  });

  it('fails when CloudNativePG cannot reconcile a role, naming it and why', async () => {
    cluster.setStatus(CNPG, 'Cluster', runtimeNamespace, 'orders', {
      instances: 1,
      readyInstances: 1,
      managedRolesStatus: { cannotReconcile: { [names.writer]: ['role owns objects in another database'] } },
    });
    const failure = driver().apply(state);
    await expect(failure).rejects.toThrow(
      `role ${names.writer} cannot be reconciled: role owns objects in another database`,
    );
    await expect(failure).rejects.not.toThrow(ChangeInProgress);
  });

  it('deletes the objects and resolves only once they are gone', async () => {
    cluster.lingerDeletion(CNPG, 'Cluster');
    const clusters = driver();
    await expect(clusters.delete(state)).rejects.toThrow(ChangeInProgress);
    expect(
      cluster.get(CNPG, 'Cluster', runtimeNamespace, 'orders')?.metadata.deletionTimestamp,
    ).toBeDefined();
    expect(cluster.get(CNPG, 'Database', runtimeNamespace, `orders-db-orders-${suffix}`)).toBeUndefined();
    cluster.finishDeletion(CNPG, 'Cluster', runtimeNamespace, 'orders');
    await clusters.delete(state);
    expect(cluster.list('v1', 'Secret', runtimeNamespace).map((secret) => secret.metadata.name)).toEqual([
      'orders-superuser',
    ]);
  });

  it('refuses MySQL, which CloudNativePG does not run', () => {
    expect(driver().refusal('mysql', '8.4')).toMatch(/PostgreSQL clusters only/);
    expect(driver().refusal('postgresql', '16')).toBeNull();
  });
});
