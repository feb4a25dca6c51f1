import { describe, expect, it } from 'vitest';
import { CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import {
  CREATE_DATABASE,
  CREATE_USER,
  DELETE_CLUSTER,
  DELETE_DATABASE,
  DELETE_USER,
  MODIFY_CLUSTER,
  MODIFY_USER,
  NAMESPACE,
  cluster,
  credentials,
  useClustersServer,
} from './setup.ts';

const suite = useClustersServer();
const { customerWithCluster } = suite;

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
    // The change as it is being applied, seen before the provisioner takes it.
    await whileProvisionerPaused(suite.server, async () => {
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
    });

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
    await whileProvisionerPaused(suite.server, async () => {
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
