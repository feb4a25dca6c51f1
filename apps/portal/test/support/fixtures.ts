import type {
  ContainerQuery,
  NamespaceContainersQuery,
  NamespaceQuery,
  NamespaceVolumesQuery,
} from '../../src/gql/graphql.ts';

/** A namespace at rest, as the `Namespace` query answers it. */
export function namespace(
  name: string,
  changes: Partial<NamespaceQuery['namespace']> = {},
): NamespaceQuery['namespace'] {
  return {
    id: '1',
    name,
    description: '',
    state: 'created',
    locked: false,
    internalName: `ns-${name}`,
    createdAt: '2024-12-01T08:00:00Z',
    modifiedAt: '2024-12-01T08:00:00Z',
    ...changes,
  };
}

export type ContainerRow = NonNullable<NamespaceContainersQuery['namespace']['containers']>[number];

/** A container at rest, as the containers tab's query answers it. */
export function containerRow(name: string, changes: Partial<ContainerRow> = {}): ContainerRow {
  return {
    id: `id-${name}`,
    name,
    image: 'nginx:1.27',
    state: 'created',
    locked: false,
    resources: 'CPU_250_RAM_500',
    numberOfReplicas: 1,
    availableReplicas: 1,
    autoScaling: null,
    ingresses: [],
    problem: null,
    ...changes,
  };
}

export type VolumeRow = NonNullable<NamespaceVolumesQuery['namespace']['volumes']>[number];

/** A volume at rest that nothing mounts, as the volumes tab's query answers it. */
export function volumeRow(name: string, changes: Partial<VolumeRow> = {}): VolumeRow {
  return {
    id: `id-${name}`,
    name,
    size: 10,
    usage: 1,
    state: 'created',
    locked: false,
    containers: [],
    containerJobs: [],
    ...changes,
  };
}

/** A resource at rest, as the lists and delete dialogs see it: created, and not locked by a change. */
export const atRest = { state: 'created', locked: false };

export type ContainerDetails = ContainerQuery['container'];

/** A running container of one replica, as its page's query answers it. */
export function containerDetails(name: string, changes: Partial<ContainerDetails> = {}): ContainerDetails {
  return {
    id: '7',
    name,
    image: 'nginx:1.28',
    entrypoint: null,
    command: null,
    resources: 'CPU_250_RAM_500',
    ports: ['80'],
    numberOfReplicas: 1,
    availableReplicas: 1,
    problem: null,
    state: 'running',
    locked: false,
    createdAt: '2025-01-01T09:00:00Z',
    modifiedAt: null,
    externalConnection: null,
    privateRegistry: null,
    environmentVariables: [],
    ingresses: [],
    mounts: [],
    healthCheck: null,
    autoScaling: null,
    replicas: [],
    ...changes,
  };
}
