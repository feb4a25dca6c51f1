import { badInput } from '../../errors.ts';
import type { Resolvers } from '../../generated/resolvers-types.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { bytesIn, gbIn } from './rules.ts';
import type { VolumeService } from './service.ts';

// One loader per request, keyed by the request's context object (it lives as long as the request).
const perRequest = new WeakMap<GraphQLContext, ReturnType<VolumeService['containersLoader']>>();
function containersOf(context: GraphQLContext, volumeId: number) {
  let load = perRequest.get(context);
  if (!load) {
    load = context.services.volumes.containersLoader();
    perRequest.set(context, load);
  }
  return load(volumeId);
}

export const volumeResolvers: Resolvers = {
  Query: {
    volume: (_parent, { id }, { account, services }) => services.volumes.find(account, id),
    volumes: (_parent, { namespaceId }, { account, services }) => services.volumes.list(account, namespaceId),
  },
  Mutation: {
    volumeCreate: (_parent, { volumeInput }, { account, services }) =>
      services.volumes.create(account, required(volumeInput)),
    volumeIncrease: (_parent, { volumeInput }, { account, services }) =>
      services.volumes.increase(account, required(volumeInput)),
    volumeDelete: (_parent, { volume }, { account, services }) => services.volumes.delete(account, volume),
  },
  Namespace: {
    volumes: (namespace, _args, { services }) => services.volumes.listOf(namespace.id),
  },
  Volume: {
    id: (row) => String(row.id),
    namespace: (row, _args, { account, services }) => services.volumes.namespaceOf(account, row),
    size: (row, { unit }) => gbIn(row.sizeGb, unit ?? 'GB'),
    usage: (row, { unit }) => bytesIn(row.usageBytes, unit ?? 'GB'),
    containers: (row, _args, context) => containersOf(context, row.id),
  },
};

/** volumeInput is optional in the contract's signature, but there is nothing to do without it. */
function required<T>(input: T | null | undefined): T {
  if (input == null) throw badInput('volumeInput', 'volumeInput is required');
  return input;
}
