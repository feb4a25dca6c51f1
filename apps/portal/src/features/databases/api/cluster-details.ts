import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CloudDatabaseClusterDetailsQuery } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';

// What the details page of one database cluster reads: the cluster, the clusters a name alone may stand for,
// and a user's credentials. Kept under the key the router clears when the customer leaves the namespace.

const clusterQuery = graphql(`
  query CloudDatabaseClusterDetails($namespace: String!, $name: String!) {
    cloudDatabaseCluster(cloudDatabase: { namespace: $namespace, name: $name }) {
      id
      name
      namespace {
        id
        name
      }
      state
      locked
      unpaidSince
      unpaidStopAt
      hostname
      port
      plan {
        id
        name
        group
        cpu
        memory
        storage
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
      users {
        name
        role
        status
        permissions {
          databaseName
          permission
        }
      }
      databases {
        name
        description
        status
      }
    }
  }
`);

export type ClusterDetails = CloudDatabaseClusterDetailsQuery['cloudDatabaseCluster'];
export type ClusterUser = ClusterDetails['users'][number];
export type ClusterDatabase = ClusterDetails['databases'][number];

/** How the API addresses a cluster (CloudDatabaseClusterResourceInput). */
export interface ClusterAddress {
  namespace: string;
  name: string;
}

export const clusterDetailsKey = ({ namespace, name }: ClusterAddress) =>
  [...databaseClustersKey, 'details', namespace, name] as const;

export const clusterDetailsQueryOptions = (cluster: ClusterAddress) =>
  queryOptions({
    queryKey: clusterDetailsKey(cluster),
    queryFn: ({ signal }) =>
      platformRequest(clusterQuery, cluster, signal).then((data) => data.cloudDatabaseCluster),
    // A change locks the cluster for a moment: the page follows it until it is applied.
    refetchInterval: pollWhile(isChanging),
    // A missing cluster is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useClusterDetails(cluster: ClusterAddress) {
  return useQuery(clusterDetailsQueryOptions(cluster));
}

const clusterAddressesQuery = graphql(`
  query CloudDatabaseClusterAddresses {
    cloudDatabaseClusters {
      id
      name
      namespace {
        id
        name
      }
    }
  }
`);

/** The customer's clusters called `name`, in whichever namespaces: an address without a namespace means one of them. */
export function useClustersNamed(name: string) {
  return useQuery({
    queryKey: [...databaseClustersKey, 'addresses'],
    queryFn: ({ signal }) =>
      platformRequest(clusterAddressesQuery, {}, signal).then((data) => data.cloudDatabaseClusters),
    select: (clusters) =>
      clusters
        .filter((cluster) => cluster.name === name)
        .map((cluster) => ({ namespace: cluster.namespace.name, name: cluster.name })),
  });
}

const credentialsQuery = graphql(`
  query CloudDatabaseClusterUserCredentials($namespace: String!, $name: String!, $username: String!) {
    cloudDatabaseClusterUserCredentials(
      cloudDatabase: { namespace: $namespace, name: $name }
      username: $username
    ) {
      name
      dsn
    }
  }
`);

/**
 * A user's connection string with its password, asked for when the customer reveals it (the platform records
 * each request). Run as a mutation, not a query: nothing is cached under a key, and the result is forgotten as
 * soon as the screen showing it lets go of it (gcTime 0).
 */
export function useRevealCredentials() {
  return useMutation({
    mutationFn: ({ cluster, username }: { cluster: ClusterAddress; username: string }) =>
      platformRequest(credentialsQuery, { ...cluster, username }).then(
        (data) => data.cloudDatabaseClusterUserCredentials.dsn,
      ),
    gcTime: 0,
  });
}
