import type { Resolvers } from '../../generated/resolvers-types.ts';

export const registryResolvers: Resolvers = {
  Query: {
    privateRegistries: (_parent, { namespaceId, namespace }, { account, services }) =>
      services.registries.list(account, { namespaceId, namespace }),
  },
  Mutation: {
    registryConnectionCreate: (_parent, { registryInput }, { account, services }) =>
      services.registries.create(account, registryInput),
    registryConnectionDelete: (_parent, { registryConnection }, { account, services }) =>
      services.registries.delete(account, registryConnection),
  },
  Namespace: {
    privateRegistries: (namespace, _args, { services }) => services.registries.listOf(namespace.id),
  },
  PrivateRegistry: {
    id: (row) => String(row.id),
    namespace: (row, _args, { account, services }) => services.registries.namespaceOf(account, row),
    createdAt: (row) => row.createdAt.toISOString(),
  },
};
