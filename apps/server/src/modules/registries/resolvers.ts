import type { Resolvers } from '../../generated/resolvers-types.ts';
import { namespaceOf } from '../namespaces/loaders.ts';

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
    privateRegistries: (namespace, _args, context) => context.loaders.registriesOfNamespace(namespace.id),
  },
  PrivateRegistry: {
    id: (row) => String(row.id),
    namespace: (row, _args, context) => namespaceOf(context, row.namespaceId),
    createdAt: (row) => row.createdAt.toISOString(),
  },
};
