import { expect } from 'vitest';
import { graphql } from '../generated/gql.ts';
import type { CloudDatabaseClusterCreateInput } from '../generated/graphql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, CREDENTIALS, waitForCluster } from '../support/database-clusters.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// What the database-cluster API's tests share: its documents, the cluster `orders` they make in namespace
// `shop` (and the input that makes it), and a server per file on which customers get one.

export const CLUSTERS = graphql(`
  query Clusters {
    cloudDatabaseClusters {
      name
      namespace {
        name
      }
    }
  }
`);
export const MODIFY_CLUSTER = graphql(`
  mutation ModifyCluster($input: CloudDatabaseClusterModifyInput!) {
    cloudDatabaseClusterModify(cloudDatabaseClusterInput: $input) {
      state
      locked
    }
  }
`);
export const DELETE_CLUSTER = graphql(`
  mutation DeleteCluster($name: String!, $namespace: String!) {
    cloudDatabaseClusterDelete(cloudDatabase: { name: $name, namespace: $namespace })
  }
`);
export const CREATE_USER = graphql(`
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
export const MODIFY_USER = graphql(`
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
export const DELETE_USER = graphql(`
  mutation DeleteClusterUser($input: CloudDatabaseClusterUserResourceInput!) {
    cloudDatabaseClusterUserDelete(userInput: $input)
  }
`);
export const CREATE_DATABASE = graphql(`
  mutation CreateClusterDatabase($input: CloudDatabaseClusterDatabaseCreateInput!) {
    cloudDatabaseClusterDatabaseCreate(databaseInput: $input) {
      name
      description
      status
    }
  }
`);
export const DELETE_DATABASE = graphql(`
  mutation DeleteClusterDatabase($input: CloudDatabaseClusterDatabaseResourceInput!) {
    cloudDatabaseClusterDatabaseDelete(databaseInput: $input)
  }
`);

export const NAMESPACE = 'shop';
export const cluster = (name = 'orders') => ({ name, namespace: NAMESPACE });

export const baseInput = (
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

/** The file's server, and on it a new customer subscribed to cloud databases with its cluster running. */
export function useClustersServer() {
  const suite = useServer();
  return {
    get server() {
      return suite.server;
    },
    async customerWithCluster(overrides: Partial<CloudDatabaseClusterCreateInput> = {}) {
      const { customer } = await seed(suite.server)
        .customer({ subscriptions: ['cloud-database'] })
        .namespace(NAMESPACE);
      const { body } = await customer.gql(CREATE_CLUSTER, { input: baseInput(overrides) });
      expect(body.errors).toBeUndefined();
      const name = overrides.name ?? 'orders';
      return { customer, running: await waitForCluster(customer, NAMESPACE, name) };
    },
  };
}

export const credentials = async (customer: TestCustomer, username: string, name = 'orders') =>
  (await customer.data(CREDENTIALS, { ...cluster(name), username })).cloudDatabaseClusterUserCredentials;
