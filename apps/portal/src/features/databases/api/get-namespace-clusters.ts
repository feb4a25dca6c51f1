import { queryOptions } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey, namespaceScopeKey } from '@/lib/query-keys.ts';
import type { ClusterRow } from './get-clusters.ts';
import { clusterRowFragment } from './cluster-fragments.ts';

const namespaceClustersQuery = withFragments(
  graphql(`
    query NamespaceDatabaseClusters($namespace: String!) {
      namespace(name: $namespace) {
        id
        cloudDatabaseClusters {
          ...ClusterRow
        }
      }
    }
  `),
  clusterRowFragment,
);

/** The clusters of one namespace (its Databases tab). */
export const namespaceClustersQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), ...databaseClustersKey],
    queryFn: ({ signal }): Promise<ClusterRow[]> =>
      platformRequest(namespaceClustersQuery, { namespace }, signal).then(
        (data) => data.namespace.cloudDatabaseClusters,
      ),
  });
