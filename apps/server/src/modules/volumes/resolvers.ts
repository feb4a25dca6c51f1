import { requiredInput } from '../../errors.ts';
import type { Resolvers } from '../../generated/resolvers-types.ts';
import { namespaceOf } from '../namespaces/loaders.ts';
import { bytesIn, gbIn } from '../units.ts';

export const volumeResolvers: Resolvers = {
  Query: {
    volume: (_parent, { id }, { account, services }) => services.volumes.find(account, id),
    volumes: (_parent, { namespaceId }, { account, services }) => services.volumes.list(account, namespaceId),
  },
  Mutation: {
    volumeCreate: (_parent, { volumeInput }, { account, services }) =>
      services.volumes.create(account, requiredInput('volumeInput', volumeInput)),
    volumeIncrease: (_parent, { volumeInput }, { account, services }) =>
      services.volumes.increase(account, requiredInput('volumeInput', volumeInput)),
    volumeDelete: (_parent, { volume }, { account, services }) => services.volumes.delete(account, volume),
  },
  Namespace: {
    volumes: (namespace, _args, context) => context.loaders.volumesOfNamespace(namespace.id),
  },
  Volume: {
    id: (row) => String(row.id),
    namespace: (row, _args, context) => namespaceOf(context, row.namespaceId),
    size: (row, { unit }) => gbIn(row.sizeGb, unit ?? 'GB'),
    usage: (row, { unit }) => bytesIn(row.usageBytes, unit ?? 'GB'),
    containers: (row, _args, context) => context.loaders.containersOfVolume(row.id),
  },
};
