import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { CLUSTERS, NAMESPACE, baseInput, credentials, useClustersServer } from './setup.ts';

const NAMESPACE_CLUSTERS = graphql(`
  query NamespaceClusters($name: String!) {
    namespace(name: $name) {
      cloudDatabaseClusters {
        name
        databases {
          name
        }
      }
    }
  }
`);

const suite = useClustersServer();
const { customerWithCluster } = suite;

describe('creating a cluster', () => {
  it('stores it locked and creating, then runs it with its admin, users and databases', async () => {
    const { customer } = await seed(suite.server)
      .customer({ subscriptions: ['cloud-database'] })
      .namespace(NAMESPACE);
    const created = (await customer.data(CREATE_CLUSTER, { input: baseInput() })).cloudDatabaseClusterCreate;
    expect(created).toMatchObject({
      name: 'orders',
      state: 'creating',
      locked: true,
      hostname: 'orders-shop.db.apps.localhost',
      port: 5432,
      plan: { id: 'm-3', replicas: 3, price: { amount: 18000, currency: 'EUR' } },
      spec: { type: 'postgresql', version: '16', patchLevelVersion: '16.10' },
      databases: [{ name: 'app', description: 'orders and payments', status: 'creating' }],
    });
    expect(created.users.map((user) => [user.name, user.role, user.status])).toEqual([
      ['admin', 'admin', 'creating'],
      ['app_user', 'user', 'creating'],
    ]);

    const running = await waitForCluster(customer, NAMESPACE, 'orders');
    expect(running.databases).toEqual([{ name: 'app', description: 'orders and payments', status: 'ready' }]);
    expect(running.adminUser).toMatchObject({
      name: 'admin',
      status: 'ready',
      permissions: [{ databaseName: 'app', permission: 'READ_WRITE' }],
      password: '',
      dsn: 'postgresql://admin@orders-shop.db.apps.localhost:5432/app',
    });
    expect(running.users[1]).toMatchObject({
      name: 'app_user',
      status: 'ready',
      password: '',
      dsn: 'postgresql://app_user@orders-shop.db.apps.localhost:5432/app',
    });
    const { cloudDatabaseClusters } = await customer.data(CLUSTERS);
    expect(cloudDatabaseClusters).toEqual([{ name: 'orders', namespace: { name: NAMESPACE } }]);
    const { namespace } = await customer.data(NAMESPACE_CLUSTERS, { name: NAMESPACE });
    expect(namespace.cloudDatabaseClusters).toEqual([{ name: 'orders', databases: [{ name: 'app' }] }]);
  });

  it('places MySQL clusters on their port and without databases gives DSNs without one', async () => {
    const { customer, running } = await customerWithCluster({
      name: 'legacy-shop',
      spec: { type: 'MySQL', version: '8.4' },
      plan: 'xs-1',
      databases: null,
      users: null,
    });
    expect(running).toMatchObject({
      port: 3306,
      spec: { type: 'mysql', version: '8.4', patchLevelVersion: '8.4.6' },
    });
    expect(running.users.map((user) => user.name)).toEqual(['admin']);
    expect((await credentials(customer, 'admin', 'legacy-shop')).dsn).toMatch(
      /^mysql:\/\/admin:[A-Za-z0-9_-]{24}@legacy-shop-shop\.db\.apps\.localhost:3306\/$/,
    );
  });

  it.each([
    ['name', { name: 'Orders' }, /lowercase letters, digits and hyphens/],
    ['name', { name: 'x'.repeat(64) }, /at most 63/],
    ['plan', { plan: 'huge-9' }, /Unknown plan huge-9/],
    [
      'spec.version',
      { spec: { type: 'postgresql', version: '9.6' } },
      /Unknown engine version postgresql 9\.6/,
    ],
    ['spec.version', { spec: { type: 'oracle', version: '19' } }, /Unknown engine version oracle 19/],
    ['databases.name', { databases: [{ name: 'template0' }] }, /^Database name template0 is reserved$/],
    ['databases.name', { databases: [{ name: 'pg_stuff' }] }, /is reserved/],
    ['databases.name', { databases: [{ name: 'My-DB' }] }, /lowercase letters, digits and underscores/],
    ['databases', { databases: [{ name: 'app' }, { name: 'app' }] }, /app is given twice/],
    ['users.name', { users: [{ name: 'postgres', permissions: [] }] }, /^User name postgres is reserved$/],
    ['users.name', { users: [{ name: 'root', permissions: [] }] }, /^User name root is reserved$/],
    ['users.name', { users: [{ name: 'u'.repeat(33), permissions: [] }] }, /longer than 32/],
    [
      'users.password',
      { users: [{ name: 'bob', password: 'short', permissions: [] }] },
      /at least 12 characters/,
    ],
    [
      'users.permissions',
      {
        users: [{ name: 'bob', permissions: [{ databaseName: 'other', permission: 'READ_ONLY' as const }] }],
      },
      /other is not a database of cluster orders/,
    ],
  ])('refuses a bad %s (%j) and writes nothing', async (field, overrides, message) => {
    const { customer } = await seed(suite.server)
      .customer({ subscriptions: ['cloud-database'] })
      .namespace(NAMESPACE);
    const error = expectGraphQLError(
      await customer.gql(CREATE_CLUSTER, { input: baseInput(overrides) }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(message);
    expect(error.extensions?.field).toBe(field);
    expect((await customer.data(CLUSTERS)).cloudDatabaseClusters).toEqual([]);
  });

  it('refuses a second cluster of the same name in the namespace', async () => {
    const { customer } = await customerWithCluster();
    const error = expectGraphQLError(
      await customer.gql(CREATE_CLUSTER, { input: baseInput() }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('A database cluster named orders already exists in namespace shop');
  });
});
