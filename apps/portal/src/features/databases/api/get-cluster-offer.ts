import { queryOptions } from '@tanstack/react-query';
import type { CloudDatabaseClusterOfferQuery } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { clusterPlanFragment } from './cluster-fragments.ts';

const clusterOfferQuery = withFragments(
  graphql(`
    query CloudDatabaseClusterOffer {
      cloudDatabaseClusterPlans {
        ...ClusterPlan
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
  `),
  clusterPlanFragment,
);

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
