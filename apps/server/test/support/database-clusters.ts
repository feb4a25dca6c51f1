import { graphql } from '../generated/gql.ts';
import { waitForState, type PlatformApi } from './http.ts';

// Database cluster operations as clients write them, and the wait for the provisioner.

graphql(`
  fragment ClusterUserFields on DatabaseUser {
    name
    role
    status
    dsn
    password
    permissions {
      databaseName
      permission
    }
  }
`);

graphql(`
  fragment ClusterFields on CloudDatabaseCluster {
    id
    name
    state
    locked
    hostname
    port
    namespace {
      name
    }
    plan {
      id
      replicas
      price {
        amount
        currency
      }
    }
    spec {
      type
      version
      patchLevelVersion
    }
    adminUser {
      ...ClusterUserFields
    }
    users {
      ...ClusterUserFields
    }
    databases {
      name
      description
      status
    }
  }
`);

export const CREATE_CLUSTER = graphql(`
  mutation CreateCluster($input: CloudDatabaseClusterCreateInput!) {
    cloudDatabaseClusterCreate(cloudDatabaseClusterInput: $input) {
      ...ClusterFields
    }
  }
`);
export const CLUSTER = graphql(`
  query Cluster($name: String!, $namespace: String!) {
    cloudDatabaseCluster(cloudDatabase: { name: $name, namespace: $namespace }) {
      ...ClusterFields
    }
  }
`);
export const CREDENTIALS = graphql(`
  query ClusterCredentials($name: String!, $namespace: String!, $username: String!) {
    cloudDatabaseClusterUserCredentials(
      cloudDatabase: { name: $name, namespace: $namespace }
      username: $username
    ) {
      ...ClusterUserFields
    }
  }
`);

/** Polls until the cluster is in this state and unlocked; returns it. */
export function waitForCluster(api: PlatformApi, namespace: string, name: string, state = 'running') {
  return waitForState(
    `database cluster ${name}`,
    state,
    async () => (await api.gql(CLUSTER, { name, namespace })).body.data?.cloudDatabaseCluster,
  );
}
