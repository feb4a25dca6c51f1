import type { ContainerResources, ContainerType, Resolvers } from '../../generated/resolvers-types.ts';
import { notFound, requiredInput } from '../../errors.ts';
import { namespaceOf } from '../namespaces/loaders.ts';
import { resourceSpecification } from '../pricing/resources.ts';
import { ingressUrl } from './addresses.ts';
import { replicaProblem } from './problems.ts';
import type { ContainerSpec } from './spec.ts';
import { availableReplicas, desiredReplicas } from './replica-counts.ts';

const autoScalingOf = (scaling: ContainerSpec['scaling']) =>
  'replicas' in scaling
    ? null
    : { replicas: { minimum: scaling.minimum, maximum: scaling.maximum }, triggers: scaling.triggers };

export const containerResolvers: Resolvers = {
  Query: {
    container: (_parent, args, { account, services }) => services.containers.find(account, args),
  },
  Mutation: {
    containerCreate: (_parent, { containerInput }, { account, services }) =>
      services.containers.create(account, requiredInput('containerInput', containerInput)),
    containerModify: (_parent, { containerInput }, { account, services }) =>
      services.containers.modify(account, requiredInput('containerInput', containerInput)),
    containerDelete: (_parent, { container }, { account, services }) =>
      services.containers.delete(account, container),
    containerRollback: (_parent, { container, revision }, { account, services }) =>
      services.containers.rollback(account, container, revision),
    containerRedeploy: (_parent, { container }, { account, services }) =>
      services.containers.redeploy(account, container),
    containerRestart: (_parent, { container }, { account, services }) =>
      services.containers.restart(account, container),
  },
  Namespace: {
    containers: (namespace, _args, context) => context.loaders.containers.containersOfNamespace(namespace.id),
    defaultContainerAddress: (namespace, { containerName }, { account, services }) =>
      services.containers.defaultAddress(account, namespace, containerName),
  },
  Container: {
    id: (row) => String(row.id),
    type: (row) => row.type as ContainerType,
    containerType: (row) => row.type as ContainerType,
    resources: (row) => row.resources as ContainerResources,
    resourceSpecification: (row) => resourceSpecification(row.resources),
    privateRegistry: async (row, _args, context) =>
      row.registryId === null ? null : ((await context.loaders.containers.registry(row.registryId)) ?? null),
    environmentVariables: (row, _args, context) => context.loaders.containers.variables(row.id),
    ingresses: (row, _args, context) => context.loaders.containers.ingresses(row.id),
    mounts: (row, _args, context) => context.loaders.containers.mounts(row.id),
    replicas: (row, _args, context) => context.loaders.containers.replicas(row.id),
    autoScaling: ({ scaling }) => autoScalingOf(scaling),
    revisions: (row, _args, context) => context.loaders.containers.revisions(row.id),
    numberOfReplicas: (row) => desiredReplicas(row),
    availableReplicas: async (row, _args, context) =>
      availableReplicas(desiredReplicas(row), await context.loaders.containers.replicas(row.id)),
    problem: async (row, _args, context) => {
      // The replica that failed most often speaks for the container.
      const failed = (await context.loaders.containers.replicas(row.id))
        .filter((replica) => replica.status === 'failed')
        .sort((a, b) => b.failures - a.failures)[0];
      const problem = failed && replicaProblem(failed);
      return problem ? { ...problem, replica: failed.name } : null;
    },
  },
  ContainerRevision: {
    current: async (revision, _args, context) =>
      (await context.loaders.containers.revisions(revision.containerId))[0]?.number === revision.number,
    image: ({ spec }) => spec.image,
    privateRegistry: ({ spec }) => spec.registry,
    resources: ({ spec }) => spec.resources as ContainerResources,
    entrypoint: ({ spec }) => spec.entrypoint,
    command: ({ spec }) => spec.command,
    ports: ({ spec }) => spec.ports,
    // What a secret was set to stays unsaid, as on the container itself.
    environmentVariables: ({ spec }) =>
      spec.environmentVariables.map(({ name, secret, stored, value }) => ({
        name,
        secret,
        value: secret ? null : (stored ?? value),
      })),
    replicas: ({ spec }) => ('replicas' in spec.scaling ? spec.scaling.replicas : null),
    autoScaling: ({ spec }) => autoScalingOf(spec.scaling),
    createdBy: (revision) => revision.accountEmail,
  },
  Replica: {
    problem: (row) => replicaProblem(row) ?? null,
  },
  EnvironmentVariable: {
    id: (row) => String(row.id),
    // Secrets never come back (API.md): the stored value is encrypted anyway.
    value: (row) => (row.secret ? null : row.value),
  },
  Mount: {
    volume: async (row, _args, context) => {
      const volume = await context.loaders.containers.volume(row.volumeId);
      if (!volume) throw notFound(`Volume ${row.volumeId}`);
      return volume;
    },
  },
  Ingress: {
    id: (row) => String(row.id),
    url: (row) => ingressUrl(row),
    enableTLS: (row) => row.enableTls,
    whitelist: (row) => row.allowlist,
    namespace: (row, _args, context) => namespaceOf(context, row.namespaceId),
  },
};
