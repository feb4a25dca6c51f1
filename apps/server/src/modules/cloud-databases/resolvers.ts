import { notFound } from '../../errors.ts';
import type { Resolvers } from '../../generated/resolvers-types.ts';
import { LEGACY_NODE_TYPES } from '../pricing/database-plans.ts';
import { DATABASE_VERSIONS, LOCATIONS } from './reference.ts';

// Legacy (single-node) cloud databases: the reference data their create form picks from.
export const cloudDatabaseResolvers: Resolvers = {
  Query: {
    locations: () => [...LOCATIONS],
    databaseVersions: () => [...DATABASE_VERSIONS],
    nodeTypes: (_parent, { numberOfNodes }) =>
      LEGACY_NODE_TYPES.filter((type) => numberOfNodes == null || type.numberOfNodes === numberOfNodes),
    // Named by id or by key, as clients pass either.
    nodeType: (_parent, { id }) => {
      const type = LEGACY_NODE_TYPES.find((candidate) => String(candidate.id) === id || candidate.key === id);
      if (!type) throw notFound(`Node type ${id}`);
      return type;
    },
  },
  NodeType: {
    price: (type) => ({ amount: type.monthlyPriceCents, currency: 'EUR' }),
    specifications: (type) => ({ cpu: type.cpu, ram: type.ramGb, storage: type.storageGb }),
  },
};
