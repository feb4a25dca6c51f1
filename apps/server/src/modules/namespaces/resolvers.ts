import type { Resolvers } from '../../generated/resolvers-types.ts';
import { PRICING_PLANS } from '../pricing/plans.ts';

export const namespaceResolvers: Resolvers = {
  Query: {
    namespaces: (_parent, _args, { account, services }) => services.namespaces.list(account),
    namespace: (_parent, args, { account, services }) => services.namespaces.find(account, args),
  },
  Mutation: {
    namespaceCreate: (_parent, { namespaceInput }, { account, services }) =>
      services.namespaces.create(account, namespaceInput),
    namespaceDelete: (_parent, { namespace }, { account, services }) =>
      services.namespaces.delete(account, namespace),
  },
  Namespace: {
    id: (row) => String(row.id),
    pricingPlan: () => PRICING_PLANS.serverlessContainers,
    resourceSpecification: () => null,
  },
};
