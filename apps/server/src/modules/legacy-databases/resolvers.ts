import { notFound } from '../../errors.ts';
import type { Resolvers } from '../../generated/resolvers-types.ts';
import { LEGACY_NODE_TYPES } from '../pricing/database-plans.ts';
import { eurPrice } from '../pricing/price.ts';
import { DATABASE_VERSIONS, LOCATIONS } from './reference.ts';

/** The reference item a stored id names (ids are checked when the database is created). */
function referenceOf<T extends { id: number | null }>(items: readonly T[], id: number): T {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`unknown reference id ${id}`);
  return item;
}

// Legacy (single-node) cloud databases, and the reference data their create form picks from.
export const cloudDatabaseResolvers: Resolvers = {
  Query: {
    cloudDatabases: (_parent, _args, { account, services }) => services.legacyDatabases.list(account),
    cloudDatabase: (_parent, { id }, { account, services }) => services.legacyDatabases.find(account, id),
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
  Mutation: {
    createCloudDatabase: (_parent, args, { account, services }) =>
      services.legacyDatabases.create(account, args),
  },
  CloudDatabase: {
    id: (row) => String(row.id),
    // Without the password: it is write-only.
    connectionString: (row) => {
      const version = referenceOf(DATABASE_VERSIONS, row.versionId);
      const scheme = version.type === 'mysql' ? 'mysql' : 'postgresql';
      const port = version.type === 'mysql' ? 3306 : 5432;
      return `${scheme}://${encodeURIComponent(row.username)}@${row.hostname}:${port}/${row.name}`;
    },
    version: (row) => referenceOf(DATABASE_VERSIONS, row.versionId),
    nodeType: (row) => referenceOf(LEGACY_NODE_TYPES, row.nodeTypeId),
    location: (row) => referenceOf(LOCATIONS, row.locationId),
  },
  NodeType: {
    price: (type) => eurPrice(type.monthlyPriceCents),
    specifications: (type) => ({ cpu: type.cpu, ram: type.ramGb, storage: type.storageGb }),
  },
};
