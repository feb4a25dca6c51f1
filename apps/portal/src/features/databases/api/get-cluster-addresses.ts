import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey } from '@/lib/query-keys.ts';

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
