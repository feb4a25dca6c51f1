import { describe, expect, it } from 'vitest';
import { CLUSTER, CREDENTIALS, waitForCluster } from '../support/database-clusters.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import {
  CLUSTERS,
  CREATE_DATABASE,
  CREATE_USER,
  DELETE_CLUSTER,
  DELETE_DATABASE,
  DELETE_USER,
  MODIFY_CLUSTER,
  MODIFY_USER,
  NAMESPACE,
  cluster,
  useClustersServer,
} from './setup.ts';

const suite = useClustersServer();
const { customerWithCluster } = suite;

describe('isolation', () => {
  it('gives another customer not found for every call naming the cluster, and lists none of it', async () => {
    const { customer } = await customerWithCluster();
    const { customer: other } = await seed(suite.server)
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
    const { customer: stranger } = await seed(suite.server)
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
