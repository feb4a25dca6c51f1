import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { ClusterAddress } from './get-cluster.ts';

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
