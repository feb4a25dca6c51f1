import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { CREATE_CLUSTER, CREDENTIALS, waitForCluster } from '../support/database-clusters.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { describeNeeding, postgresServerUrl, withoutPostgresServer } from '../support/postgres-server.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The whole path with the postgres driver: the API creates a cluster, the provisioner makes it real on the
// local PostgreSQL server (CI's DATABASE_URL server, else 127.0.0.1), and the DSN the credentials query
// gives connects and can do exactly what the user's permission allows.
const adminUrl = postgresServerUrl;
const missing = await withoutPostgresServer();

const DELETE_CLUSTER = graphql(`
  mutation DeletePostgresCluster($name: String!, $namespace: String!) {
    cloudDatabaseClusterDelete(cloudDatabase: { name: $name, namespace: $namespace })
  }
`);

async function withClient<T>(dsn: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function serverNames(prefix: string) {
  return withClient(adminUrl, async (client) => {
    const roles = await client.query<{ name: string }>(
      'SELECT rolname AS name FROM pg_roles WHERE starts_with(rolname, $1)',
      [prefix],
    );
    const databases = await client.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return [...roles.rows, ...databases.rows].map((row) => row.name);
  });
}

describeNeeding(missing, 'database clusters with the postgres driver', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      DATABASE_CLUSTERS_DRIVER: 'postgres',
      DATABASE_CLUSTERS_ADMIN_URL: adminUrl,
    });
  });
  afterAll(() => server.close());

  it('gives DSNs that connect with the rights of each user, refuses MySQL, and deleting leaves nothing', async () => {
    const { customer } = await seed(server)
      .customer({ subscriptions: ['cloud-database'] })
      .namespace('shop');
    const mysql = expectGraphQLError(
      await customer.gql(CREATE_CLUSTER, {
        input: { name: 'legacy', namespace: 'shop', spec: { type: 'mysql', version: '8.4' }, plan: 'xs-1' },
      }),
      'BAD_USER_INPUT',
    );
    expect(mysql.message).toMatch(/MySQL/);

    const { id } = (
      await customer.data(CREATE_CLUSTER, {
        input: {
          name: 'orders',
          namespace: 'shop',
          spec: { type: 'postgresql', version: '17' },
          plan: 's-1',
          databases: [{ name: 'app' }],
          users: [
            { name: 'writer', permissions: [{ databaseName: 'app', permission: 'READ_WRITE' }] },
            { name: 'reader', permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }] },
          ],
        },
      })
    ).cloudDatabaseClusterCreate;
    const prefix = `c${id}_`;
    try {
      const running = await waitForCluster(customer, 'shop', 'orders');
      expect(running.users.find((user) => user.name === 'reader')?.dsn).toBe(
        `postgresql://${prefix}reader@${new URL(adminUrl).hostname}:${new URL(adminUrl).port || 5432}/${prefix}app`,
      );
      const dsnOf = async (username: string) =>
        (await customer.data(CREDENTIALS, { name: 'orders', namespace: 'shop', username }))
          .cloudDatabaseClusterUserCredentials.dsn;

      await withClient(await dsnOf('writer'), async (client) => {
        await client.query('CREATE TABLE orders (id int PRIMARY KEY, total int)');
        await client.query('INSERT INTO orders VALUES (1, 42)');
      });
      await withClient(await dsnOf('reader'), async (client) => {
        expect((await client.query('SELECT total FROM orders')).rows).toEqual([{ total: 42 }]);
        await expect(client.query('INSERT INTO orders VALUES (2, 1)')).rejects.toThrow(/permission denied/);
      });
      await withClient(await dsnOf('admin'), async (client) => {
        expect((await client.query('SELECT count(*)::int AS n FROM orders')).rows).toEqual([{ n: 1 }]);
      });
    } finally {
      await customer.data(DELETE_CLUSTER, { name: 'orders', namespace: 'shop' });
      await eventually(
        'the cluster to be dropped from the server',
        async () => ((await serverNames(prefix)).length === 0 ? true : undefined),
        { timeoutMs: 20_000 },
      );
    }
  });
});
