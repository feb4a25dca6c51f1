import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import type { CloudDatabaseClusterCreateInput } from '../generated/graphql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { CLUSTER, CREATE_CLUSTER, CREDENTIALS, waitForCluster } from '../support/database-clusters.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs, DELETE_NAMESPACE } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

const CLUSTERS = graphql(`
  query Clusters {
    cloudDatabaseClusters {
      name
      namespace {
        name
      }
    }
  }
`);
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
const MODIFY_CLUSTER = graphql(`
  mutation ModifyCluster($input: CloudDatabaseClusterModifyInput!) {
    cloudDatabaseClusterModify(cloudDatabaseClusterInput: $input) {
      state
      locked
    }
  }
`);
const DELETE_CLUSTER = graphql(`
  mutation DeleteCluster($name: String!, $namespace: String!) {
    cloudDatabaseClusterDelete(cloudDatabase: { name: $name, namespace: $namespace })
  }
`);
const CREATE_USER = graphql(`
  mutation CreateClusterUser($input: CloudDatabaseClusterUserCreateInput!) {
    cloudDatabaseClusterUserCreate(userInput: $input) {
      name
      role
      status
      password
      dsn
      permissions {
        databaseName
        permission
      }
    }
  }
`);
const MODIFY_USER = graphql(`
  mutation ModifyClusterUser($input: CloudDatabaseClusterUserModifyInput!) {
    cloudDatabaseClusterUserModify(userInput: $input) {
      name
      status
      password
      permissions {
        databaseName
        permission
      }
    }
  }
`);
const DELETE_USER = graphql(`
  mutation DeleteClusterUser($input: CloudDatabaseClusterUserResourceInput!) {
    cloudDatabaseClusterUserDelete(userInput: $input)
  }
`);
const CREATE_DATABASE = graphql(`
  mutation CreateClusterDatabase($input: CloudDatabaseClusterDatabaseCreateInput!) {
    cloudDatabaseClusterDatabaseCreate(databaseInput: $input) {
      name
      description
      status
    }
  }
`);
const DELETE_DATABASE = graphql(`
  mutation DeleteClusterDatabase($input: CloudDatabaseClusterDatabaseResourceInput!) {
    cloudDatabaseClusterDatabaseDelete(databaseInput: $input)
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const NAMESPACE = 'shop';
const cluster = (name = 'orders') => ({ name, namespace: NAMESPACE });

const baseInput = (
  overrides: Partial<CloudDatabaseClusterCreateInput> = {},
): CloudDatabaseClusterCreateInput => ({
  name: 'orders',
  namespace: NAMESPACE,
  spec: { type: 'postgresql', version: '16' },
  plan: 'm-3',
  databases: [{ name: 'app', description: 'orders and payments' }],
  users: [{ name: 'app_user', permissions: [{ databaseName: 'app', permission: 'READ_WRITE' }] }],
  ...overrides,
});

async function customerWithCluster(overrides: Partial<CloudDatabaseClusterCreateInput> = {}) {
  const { customer } = await seed(server)
    .customer({ subscriptions: ['cloud-database'] })
    .namespace(NAMESPACE);
  const { body } = await customer.gql(CREATE_CLUSTER, { input: baseInput(overrides) });
  expect(body.errors).toBeUndefined();
  const name = overrides.name ?? 'orders';
  return { customer, running: await waitForCluster(customer, NAMESPACE, name) };
}

const credentials = async (customer: TestCustomer, username: string, name = 'orders') =>
  (await customer.data(CREDENTIALS, { ...cluster(name), username })).cloudDatabaseClusterUserCredentials;

describe('creating a cluster', () => {
  it('stores it locked and creating, then runs it with its admin, users and databases', async () => {
    const { customer } = await seed(server)
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
    ['databases.name', { databases: [{ name: 'template0' }] }, /database name template0 is reserved/],
    ['databases.name', { databases: [{ name: 'pg_stuff' }] }, /is reserved/],
    ['databases.name', { databases: [{ name: 'My-DB' }] }, /lowercase letters, digits and underscores/],
    ['databases', { databases: [{ name: 'app' }, { name: 'app' }] }, /app is given twice/],
    ['users.name', { users: [{ name: 'postgres', permissions: [] }] }, /user name postgres is reserved/],
    ['users.name', { users: [{ name: 'root', permissions: [] }] }, /user name root is reserved/],
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
    const { customer } = await seed(server)
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

describe('credentials', () => {
  it('come back only from their query, with the password in the DSN, and each reveal is audited without it', async () => {
    const { customer } = await customerWithCluster({
      users: [
        {
          name: 'reporter',
          password: 'correct horse battery',
          permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }],
        },
      ],
    });
    const reporter = await credentials(customer, 'reporter');
    expect(reporter).toMatchObject({
      password: 'correct horse battery',
      dsn: 'postgresql://reporter:correct%20horse%20battery@orders-shop.db.apps.localhost:5432/app',
      permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }],
    });
    const admin = await credentials(customer, 'admin');
    expect(admin.password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const reveals = (await auditLogs(customer)).filter((entry) => entry.eventType === 'reveal');
    expect(reveals.map((entry) => entry.modelName)).toEqual([
      'CloudDatabaseClusterUser',
      'CloudDatabaseClusterUser',
    ]);
    const everything = JSON.stringify(await auditLogs(customer));
    expect(everything).not.toContain('correct horse battery');
    expect(everything).not.toContain(admin.password);
    expect(everything).toContain('password of reporter');

    const missing = expectGraphQLError(
      await customer.gql(CREDENTIALS, { ...cluster(), username: 'nobody' }),
      'NOT_FOUND',
    );
    expect(missing.message).toMatch(/not found/);
  });
});

describe('changing a cluster', () => {
  it('applies databases and users as keyed patches and leaves what is left out', async () => {
    const { customer } = await customerWithCluster({
      databases: [{ name: 'app' }, { name: 'analytics' }],
      users: [
        { name: 'app_user', permissions: [{ databaseName: 'app', permission: 'READ_WRITE' }] },
        {
          name: 'analyst',
          password: 'first-password-1',
          permissions: [
            { databaseName: 'app', permission: 'READ_ONLY' },
            { databaseName: 'analytics', permission: 'READ_WRITE' },
          ],
        },
      ],
    });
    const modified = await customer.data(MODIFY_CLUSTER, {
      input: {
        ...cluster(),
        databases: [{ name: 'analytics', state: 'ABSENT' }, { name: 'events' }],
        users: [
          {
            name: 'analyst',
            password: 'second-password-2',
            permissions: [{ databaseName: 'events', permission: 'READ_ONLY' }],
          },
        ],
      },
    });
    expect(modified.cloudDatabaseClusterModify).toEqual({ state: 'updating', locked: true });
    const during = (await customer.data(CLUSTER, cluster())).cloudDatabaseCluster;
    expect(during.databases.map((database) => [database.name, database.status])).toEqual([
      ['analytics', 'deleting'],
      ['app', 'ready'],
      ['events', 'creating'],
    ]);

    const after = await waitForCluster(customer, NAMESPACE, 'orders');
    expect(after.databases.map((database) => database.name)).toEqual(['app', 'events']);
    const analyst = after.users.find((user) => user.name === 'analyst');
    // The permission on the removed database went with it; the others were patched by database name.
    expect(analyst?.permissions).toEqual([
      { databaseName: 'app', permission: 'READ_ONLY' },
      { databaseName: 'events', permission: 'READ_ONLY' },
    ]);
    expect(after.users.find((user) => user.name === 'app_user')?.permissions).toEqual([
      { databaseName: 'app', permission: 'READ_WRITE' },
    ]);
    expect((await credentials(customer, 'analyst')).password).toBe('second-password-2');
  });

  it('never deletes the admin user nor changes its permissions, but rotates its password', async () => {
    const { customer } = await customerWithCluster();
    const deleting = expectGraphQLError(
      await customer.gql(DELETE_USER, { input: { cluster: cluster(), name: 'admin' } }),
      'BAD_USER_INPUT',
    );
    expect(deleting.message).toBe('The admin user of a cluster cannot be deleted');
    const granting = expectGraphQLError(
      await customer.gql(MODIFY_USER, {
        input: {
          cluster: cluster(),
          user: { name: 'admin', permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }] },
        },
      }),
      'BAD_USER_INPUT',
    );
    expect(granting.message).toMatch(/owns every database/);

    const before = await credentials(customer, 'admin');
    await customer.data(MODIFY_USER, {
      input: {
        cluster: cluster(),
        user: { name: 'admin', password: 'a-brand-new-admin-secret', permissions: [] },
      },
    });
    await waitForCluster(customer, NAMESPACE, 'orders');
    const after = await credentials(customer, 'admin');
    expect(after.password).toBe('a-brand-new-admin-secret');
    expect(after.password).not.toBe(before.password);
  });

  it('adds, changes and removes users and databases one at a time', async () => {
    const { customer } = await customerWithCluster();
    const user = (
      await customer.data(CREATE_USER, {
        input: {
          cluster: cluster(),
          user: { name: 'reader', permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }] },
        },
      })
    ).cloudDatabaseClusterUserCreate;
    expect(user).toMatchObject({ name: 'reader', role: 'user', status: 'creating', password: '' });
    expect(user.dsn).toBe('postgresql://reader@orders-shop.db.apps.localhost:5432/app');
    await waitForCluster(customer, NAMESPACE, 'orders');
    expect((await credentials(customer, 'reader')).password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const duplicate = expectGraphQLError(
      await customer.gql(CREATE_USER, {
        input: { cluster: cluster(), user: { name: 'reader', permissions: [] } },
      }),
      'BAD_USER_INPUT',
    );
    expect(duplicate.message).toBe('User reader already exists in database cluster orders');

    const database = (
      await customer.data(CREATE_DATABASE, { input: { cluster: cluster(), database: { name: 'reports' } } })
    ).cloudDatabaseClusterDatabaseCreate;
    expect(database).toEqual({ name: 'reports', description: null, status: 'creating' });
    await waitForCluster(customer, NAMESPACE, 'orders');

    const changed = (
      await customer.data(MODIFY_USER, {
        input: {
          cluster: cluster(),
          user: {
            name: 'reader',
            permissions: [
              { databaseName: 'app', permission: 'READ_ONLY', state: 'ABSENT' },
              { databaseName: 'reports', permission: 'READ_WRITE' },
            ],
          },
        },
      })
    ).cloudDatabaseClusterUserModify;
    expect(changed).toMatchObject({
      status: 'updating',
      permissions: [{ databaseName: 'reports', permission: 'READ_WRITE' }],
    });
    await waitForCluster(customer, NAMESPACE, 'orders');

    const unknownUser = expectGraphQLError(
      await customer.gql(MODIFY_USER, {
        input: { cluster: cluster(), user: { name: 'ghost', permissions: [] } },
      }),
      'NOT_FOUND',
    );
    expect(unknownUser.message).toBe('User ghost of database cluster orders not found');

    expect(
      (await customer.data(DELETE_USER, { input: { cluster: cluster(), name: 'reader' } }))
        .cloudDatabaseClusterUserDelete,
    ).toBe(true);
    await waitForCluster(customer, NAMESPACE, 'orders');
    expect(
      (await customer.data(DELETE_DATABASE, { input: { cluster: cluster(), name: 'reports' } }))
        .cloudDatabaseClusterDatabaseDelete,
    ).toBe(true);
    const after = await waitForCluster(customer, NAMESPACE, 'orders');
    expect(after.users.map((row) => row.name)).toEqual(['admin', 'app_user']);
    expect(after.databases.map((row) => row.name)).toEqual(['app']);
    const missingDatabase = expectGraphQLError(
      await customer.gql(DELETE_DATABASE, { input: { cluster: cluster(), name: 'reports' } }),
      'NOT_FOUND',
    );
    expect(missingDatabase.message).toMatch(/not found/);
  });

  it('refuses every change with CONFLICT while the provisioner applies the last one', async () => {
    const { customer } = await customerWithCluster();
    await whileProvisionerPaused(server, async () => {
      await customer.data(CREATE_DATABASE, { input: { cluster: cluster(), database: { name: 'second' } } });
      const attempts = [
        customer.gql(CREATE_DATABASE, { input: { cluster: cluster(), database: { name: 'third' } } }),
        customer.gql(CREATE_USER, { input: { cluster: cluster(), user: { name: 'late', permissions: [] } } }),
        customer.gql(MODIFY_CLUSTER, { input: { ...cluster(), databases: [{ name: 'fourth' }] } }),
        customer.gql(DELETE_CLUSTER, cluster()),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(expectGraphQLError(response, 'CONFLICT').message).toMatch(
          /orders is being changed \(updating\)/,
        );
      }
    });
    const after = await waitForCluster(customer, NAMESPACE, 'orders');
    expect(after.databases.map((row) => row.name)).toEqual(['app', 'second']);
  });
});

describe('deleting', () => {
  it('deletes a cluster asynchronously; then it is not found', async () => {
    const { customer } = await customerWithCluster();
    expect((await customer.data(DELETE_CLUSTER, cluster())).cloudDatabaseClusterDelete).toBe(true);
    await eventually('the cluster to be gone', async () => {
      const response = await customer.gql(CLUSTER, cluster());
      return response.body.errors?.[0]?.extensions?.code === 'NOT_FOUND' ? true : undefined;
    });
    expect((await customer.data(CLUSTERS)).cloudDatabaseClusters).toEqual([]);
  });

  it('keeps a namespace holding a cluster unless its resources are deleted with it', async () => {
    const { customer } = await customerWithCluster();
    const refused = expectGraphQLError(
      await customer.gql(DELETE_NAMESPACE, { name: NAMESPACE }),
      'BAD_USER_INPUT',
    );
    expect(refused.message).toBe('Namespace shop still holds 1 database cluster; delete them first');
    await customer.data(DELETE_NAMESPACE, { name: NAMESPACE, deleteResources: true });
    await eventually('the namespace and its cluster to be gone', async () =>
      (await customer.data(CLUSTERS)).cloudDatabaseClusters.length === 0 ? true : undefined,
    );
  });
});

describe('isolation', () => {
  it('gives another customer not found for every call naming the cluster, and lists none of it', async () => {
    const { customer } = await customerWithCluster();
    const { customer: other } = await seed(server)
      .customer({ subscriptions: ['cloud-database'] })
      .namespace(NAMESPACE);
    const theirs = cluster();
    const attempts = [
      other.gql(CLUSTER, theirs),
      other.gql(CREDENTIALS, { ...theirs, username: 'admin' }),
      other.gql(MODIFY_CLUSTER, { input: { ...theirs, databases: [{ name: 'x' }] } }),
      other.gql(DELETE_CLUSTER, theirs),
      other.gql(CREATE_USER, { input: { cluster: theirs, user: { name: 'spy', permissions: [] } } }),
      other.gql(MODIFY_USER, {
        input: { cluster: theirs, user: { name: 'admin', password: 'stolen-password-1', permissions: [] } },
      }),
      other.gql(DELETE_USER, { input: { cluster: theirs, name: 'app_user' } }),
      other.gql(CREATE_DATABASE, { input: { cluster: theirs, database: { name: 'x' } } }),
      other.gql(DELETE_DATABASE, { input: { cluster: theirs, name: 'app' } }),
    ];
    // The other customer's own namespace is also named shop: the cluster is looked up in theirs.
    for (const response of await Promise.all(attempts)) {
      expect(expectGraphQLError(response, 'NOT_FOUND').message).toMatch(/not found/);
    }
    const { customer: stranger } = await seed(server)
      .customer({ subscriptions: ['cloud-database'] })
      .namespace('elsewhere');
    for (const response of await Promise.all([
      stranger.gql(CLUSTER, theirs),
      stranger.gql(DELETE_CLUSTER, theirs),
    ])) {
      expect(expectGraphQLError(response, 'NOT_FOUND').message).toBe('Namespace shop not found');
    }
    expect((await other.data(CLUSTERS)).cloudDatabaseClusters).toEqual([]);
    const owner = await waitForCluster(customer, NAMESPACE, 'orders');
    expect(owner.users.map((user) => user.name)).toEqual(['admin', 'app_user']);
    expect(owner.databases.map((database) => database.name)).toEqual(['app']);
  });
});
