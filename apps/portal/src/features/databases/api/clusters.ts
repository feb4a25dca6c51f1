import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CloudDatabaseClusterCreateInput,
  CloudDatabaseClusterOfferQuery,
  CloudDatabaseClustersQuery,
  CloudDatabasesQuery,
} from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { databaseClustersKey, namespaceScopeKey } from '@/lib/query-keys.ts';

// The database clusters of the list, the create page and a namespace's tab, and what the create page offers
// (plans, engine versions, namespaces). Cluster lists are kept under the keys the router clears when the
// customer leaves a namespace (SPEC §2, guard step 5). The list's documents ask for the same fields of a
// cluster, so one row type and one set of columns serve both.

const clustersQuery = graphql(`
  query CloudDatabaseClusters {
    cloudDatabaseClusters {
      id
      name
      state
      locked
      unpaidSince
      unpaidStopAt
      namespace {
        id
        name
      }
      spec {
        type
        version
      }
      plan {
        id
        name
        price {
          amount
          currency
        }
      }
    }
  }
`);

const namespaceClustersQuery = graphql(`
  query NamespaceDatabaseClusters($namespace: String!) {
    namespace(name: $namespace) {
      id
      cloudDatabaseClusters {
        id
        name
        state
        locked
        unpaidSince
        unpaidStopAt
        namespace {
          id
          name
        }
        spec {
          type
          version
        }
        plan {
          id
          name
          price {
            amount
            currency
          }
        }
      }
    }
  }
`);

export type ClusterRow = CloudDatabaseClustersQuery['cloudDatabaseClusters'][number];

/** Every cluster of the customer, across namespaces. */
export const clustersQueryOptions = () =>
  queryOptions({
    queryKey: [...databaseClustersKey, 'list'],
    queryFn: ({ signal }): Promise<ClusterRow[]> =>
      platformRequest(clustersQuery, {}, signal).then((data) => data.cloudDatabaseClusters),
  });

/** The clusters of one namespace (its Databases tab). */
export const namespaceClustersQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), ...databaseClustersKey],
    queryFn: ({ signal }): Promise<ClusterRow[]> =>
      platformRequest(namespaceClustersQuery, { namespace }, signal).then(
        (data) => data.namespace.cloudDatabaseClusters,
      ),
  });

// Legacy (single-node) databases, listed below the clusters; their pages are addressed by numeric id.
const legacyDatabasesQuery = graphql(`
  query CloudDatabases {
    cloudDatabases {
      id
      name
      state
      version {
        id
        name
      }
      nodeType {
        key
        name
      }
      location {
        id
        name
      }
    }
  }
`);

/** Legacy databases have no lock: their state alone tells that a change is under way. */
export const legacyDatabasesQueryOptions = () =>
  queryOptions({
    queryKey: ['cloud-databases', 'list'],
    queryFn: ({ signal }) =>
      platformRequest(legacyDatabasesQuery, {}, signal).then((data) =>
        data.cloudDatabases.map((database) => ({ ...database, locked: false })),
      ),
  });

export type LegacyDatabaseRow = CloudDatabasesQuery['cloudDatabases'][number];

const clusterOfferQuery = graphql(`
  query CloudDatabaseClusterOffer {
    cloudDatabaseClusterPlans {
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
    cloudDatabaseClusterVersions {
      type
      version
      patchLevelVersion
    }
    namespaces {
      name
      state
    }
  }
`);

const offerOf = (data: CloudDatabaseClusterOfferQuery) => ({
  plans: data.cloudDatabaseClusterPlans,
  versions: data.cloudDatabaseClusterVersions,
  namespaces: data.namespaces,
});

export type ClusterOffer = ReturnType<typeof offerOf>;
export type ClusterPlan = ClusterOffer['plans'][number];
export type EngineVersion = ClusterOffer['versions'][number];

/**
 * What a new cluster can be: the plans, the engine versions and the namespaces to put it in, in one request
 * (the create form needs all three before it can be filled in).
 */
export const clusterOfferQueryOptions = () =>
  queryOptions({
    queryKey: ['cloud-database-cluster-offer'],
    queryFn: ({ signal }) => platformRequest(clusterOfferQuery, {}, signal).then(offerOf),
  });

const createClusterMutation = graphql(`
  mutation CloudDatabaseClusterCreate($input: CloudDatabaseClusterCreateInput!) {
    cloudDatabaseClusterCreate(cloudDatabaseClusterInput: $input) {
      id
      name
      state
      locked
      namespace {
        id
        name
      }
      plan {
        id
        name
      }
    }
  }
`);

export function useCreateCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloudDatabaseClusterCreateInput) =>
      platformRequest(createClusterMutation, { input }).then((data) => data.cloudDatabaseClusterCreate),
    onSuccess: (_created, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: databaseClustersKey }),
        queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
      ]),
    // The form shows the platform's refusal on the field it names.
    meta: { inlineErrors: true },
  });
}
