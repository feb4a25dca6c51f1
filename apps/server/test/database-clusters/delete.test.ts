import { describe, expect, it } from 'vitest';
import { CLUSTER } from '../support/database-clusters.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { DELETE_NAMESPACE } from '../support/queries.ts';
import { CLUSTERS, DELETE_CLUSTER, NAMESPACE, cluster, useClustersServer } from './setup.ts';

const { customerWithCluster } = useClustersServer();

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
