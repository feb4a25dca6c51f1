import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import { createKubernetesDatabaseClusters } from '../../src/provisioning/kubernetes/database-clusters.ts';
import { eventually } from '../support/http.ts';
import { startKubernetesStandIn, type KubernetesStandIn } from '../support/kubernetes-stand-in.ts';
import { describeNeeding, postgresServerUrl, withoutPostgresServer } from '../support/postgres-server.ts';

// The advisor on CloudNativePG: Berth reads the cluster's own server as its superuser (the credentials of the
// `<cluster>-superuser` Secret, as for the grants). The cluster's server is the local PostgreSQL server here,
// with a database the test makes where CloudNativePG would.

const runtimeNamespace = 'ns-00adv15e0000';
const missing = await withoutPostgresServer();

describeNeeding(missing, 'the advisor on the CloudNativePG driver', () => {
  const databaseName = `ledger_${randomInt(1e6, 1e7)}`;
  const serverUrl = new URL(postgresServerUrl);
  const state: ClusterState = {
    id: 1,
    name: 'books',
    namespace: 'shop',
    runtimeNamespace,
    customerId: 5,
    engine: 'postgresql',
    version: '16',
    patchLevelVersion: '16.10',
    size: { cpu: 1, memoryGb: 2, storageGb: 25, replicas: 1 },
    stopped: false,
    externalConnection: null,
    placement: { hostname: 'books-shop.db.apps.example.com', port: 5432, namePrefix: '' },
    databases: [{ name: databaseName, status: 'ready' }],
    users: [{ name: 'admin', role: 'admin', password: 'admin-password-1', permissions: [], status: 'ready' }],
  };
  let cluster: KubernetesStandIn;
  let server: pg.Client;

  beforeAll(async () => {
    cluster = await startKubernetesStandIn();
    cluster.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: runtimeNamespace } });
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    cluster.put({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'books-superuser', namespace: runtimeNamespace },
      type: 'kubernetes.io/basic-auth',
      data: { username: base64(serverUrl.username || 'postgres'), password: base64(serverUrl.password) },
    });
    server = new pg.Client({ connectionString: postgresServerUrl });
    await server.connect();
    await server.query(`CREATE DATABASE "${databaseName}"`);
  });
  afterAll(async () => {
    await server.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await server.end();
    await cluster.close();
  });

  const driver = () =>
    createKubernetesDatabaseClusters({
      kubeConfig: cluster.kubeConfig(),
      appsDomain: 'apps.example.com',
      connectionOf: (_cluster, database, user) => ({
        host: serverUrl.hostname,
        port: Number(serverUrl.port || 5432),
        database,
        user: user.name,
        password: user.password,
      }),
    });

  it("reads the cluster's databases and its own settings as the superuser", async () => {
    const url = new URL(postgresServerUrl);
    url.pathname = `/${databaseName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query('CREATE TABLE entries (id int, account text)');
    await client.query("INSERT INTO entries SELECT i, 'a-' || (i % 90) FROM generate_series(1, 12000) i");
    for (let i = 0; i < 10; i++)
      await client.query('SELECT count(*) FROM entries WHERE account = $1', [`a-${i}`]);
    await client.end();

    const advisories = await eventually('the statistics of the scans', async () => {
      const found = await driver().advise(state);
      return found.some((advisory) => advisory.type === 'MissingIndex') ? found : undefined;
    });
    expect(advisories.filter((advisory) => advisory.type === 'MissingIndex')).toEqual([
      {
        type: 'MissingIndex',
        identifier: `missing-index:${databaseName}.public.entries`,
        databaseName,
        message: expect.stringContaining(
          `Table public.entries in database ${databaseName} (12,000 rows`,
        ) as string,
      },
    ]);
    for (const advisory of advisories.filter((candidate) => candidate.type === 'SettingSuggestion')) {
      expect(advisory.message).toMatch(/The platform sets it on the cluster's server/);
    }
  });

  it('has nothing to read of a hibernated cluster', async () => {
    expect(await driver().advise({ ...state, stopped: true })).toEqual([]);
  });
});
