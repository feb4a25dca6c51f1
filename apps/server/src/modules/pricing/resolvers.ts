import type { Resolvers } from '../../generated/resolvers-types.ts';
import { PRICING_PLANS } from './plans.ts';
import { resourceSpecifications } from './resources.ts';

export const pricingResolvers: Resolvers = {
  Query: {
    pricingPlans: () => Object.values(PRICING_PLANS),
    resourceSpecifications: (_parent, { kind }) => resourceSpecifications(kind),
  },
};
