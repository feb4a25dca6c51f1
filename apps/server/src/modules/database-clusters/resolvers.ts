import type { Resolvers } from '../../generated/resolvers-types.ts';
import { DATABASE_CLUSTER_PLANS } from '../pricing/database-plans.ts';
import { gbIn } from '../units.ts';
import { ENGINE_VERSIONS } from './versions.ts';

export const databaseClusterResolvers: Resolvers = {
  Query: {
    cloudDatabaseClusterPlans: () => [...DATABASE_CLUSTER_PLANS],
    cloudDatabaseClusterVersions: () => [...ENGINE_VERSIONS],
  },
  Plan: {
    memory: (plan, { unit }) => gbIn(plan.memoryGb, unit ?? 'GB'),
    storage: (plan) => plan.storageGb,
    price: (plan) => ({ amount: plan.monthlyPriceCents, currency: 'EUR' }),
  },
};
