import type { ContainerResources, ContainerType, Resolvers } from '../../generated/resolvers-types.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { badInput, notFound } from '../../errors.ts';
import { resourceSpecification } from '../pricing/resources.ts';
import { ingressUrl } from './addresses.ts';
import type { RequestLoaders } from './loaders.ts';

// One set of loaders per request, keyed by the request's context object (it lives as long as the request).
const perRequest = new WeakMap<GraphQLContext, RequestLoaders>();
function loaders(context: GraphQLContext): RequestLoaders {
  let found = perRequest.get(context);
  if (!found) {
    found = context.services.containers.loaders(context.account);
    perRequest.set(context, found);
  }
  return found;
}

function required<T>(input: T | null | undefined): T {
  if (input == null) throw badInput('containerInput', 'containerInput is required');
  return input;
}

export const containerResolvers: Resolvers = {
  Query: {
    container: (_parent, args, { account, services }) => services.containers.find(account, args),
  },
  Mutation: {
    containerCreate: (_parent, { containerInput }, { account, services }) =>
      services.containers.create(account, required(containerInput)),
    containerModify: (_parent, { containerInput }, { account, services }) =>
      services.containers.modify(account, required(containerInput)),
    containerDelete: (_parent, { container }, { account, services }) =>
      services.containers.delete(account, container),
  },
  Namespace: {
    containers: (namespace, _args, context) => loaders(context).containersOfNamespace(namespace.id),
  },
  Container: {
    id: (row) => String(row.id),
    type: (row) => row.type as ContainerType,
    containerType: (row) => row.type as ContainerType,
    resources: (row) => row.resources as ContainerResources,
    resourceSpecification: (row) => resourceSpecification(row.resources),
    privateRegistry: async (row, _args, context) =>
      row.registryId === null ? null : ((await loaders(context).registry(row.registryId)) ?? null),
    environmentVariables: (row, _args, context) => loaders(context).variables(row.id),
    ingresses: (row, _args, context) => loaders(context).ingresses(row.id),
    mounts: (row, _args, context) => loaders(context).mounts(row.id),
    replicas: (row, _args, context) => loaders(context).replicas(row.id),
    autoScaling: ({ scaling }) =>
      'replicas' in scaling
        ? null
        : { replicas: { minimum: scaling.minimum, maximum: scaling.maximum }, triggers: scaling.triggers },
    numberOfReplicas: ({ scaling }) => ('replicas' in scaling ? scaling.replicas : scaling.minimum),
    availableReplicas: async (row, _args, context) =>
      (await loaders(context).replicas(row.id)).filter((replica) => replica.status === 'running').length,
  },
  EnvironmentVariable: {
    id: (row) => String(row.id),
    // Secrets never come back (API.md): the stored value is encrypted anyway.
    value: (row) => (row.secret ? null : row.value),
  },
  Mount: {
    volume: async (row, _args, context) => {
      const volume = await loaders(context).volume(row.volumeId);
      if (!volume) throw notFound(`Volume ${row.volumeId}`);
      return volume;
    },
  },
  Ingress: {
    id: (row) => String(row.id),
    url: (row) => ingressUrl(row),
    enableTLS: (row) => row.enableTls,
    whitelist: (row) => row.allowlist,
    namespace: async (row, _args, context) => {
      const namespace = await loaders(context).namespace(row.namespaceId);
      if (!namespace) throw notFound(`Namespace ${row.namespaceId}`);
      return namespace;
    },
  },
};
