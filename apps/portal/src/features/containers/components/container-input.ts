import type {
  ContainerCreateInput,
  ContainerModifyInput,
  ContainerResources,
  EnvironmentVariableInput,
  IngressInput,
  MountInput,
  ScalingInput,
} from '../../../gql/graphql.ts';
import { parseList, parsePort } from '../../../lib/validation/network.ts';
import { joinArguments, splitArguments } from './command-line.ts';
import {
  defaultContainerValues,
  defaultScaling,
  parsePorts,
  type ContainerFormValues,
  type IngressValues,
  type MountValues,
  type VariableValues,
} from './container-schema.ts';

// Between the form's values and the platform's inputs: a container as the form shows it, the create input
// for new values, and for configure the patch of API.md with only what changed.

/** The parts of a container the form edits, as the container query returns them. */
export interface ConfigurableContainer {
  name: string;
  image: string;
  privateRegistry?: { name: string } | null;
  resources: ContainerResources;
  entrypoint?: readonly string[] | null;
  command?: readonly string[] | null;
  ports: readonly string[];
  environmentVariables: readonly { name: string; value?: string | null; secret: boolean }[];
  ingresses: readonly {
    domainName: string;
    port: number;
    enableTLS: boolean;
    allowlist: readonly string[];
  }[];
  mounts: readonly { path: string; volume: { name: string } }[];
  healthCheck?: { port: number; path: string } | null;
  autoScaling?: {
    replicas: { minimum: number; maximum: number };
    triggers: readonly { type: string; threshold: number }[];
  } | null;
  numberOfReplicas: number;
}

export function toFormValues(container: ConfigurableContainer): ContainerFormValues {
  const auto = container.autoScaling;
  const threshold = (type: string) => auto?.triggers.find((trigger) => trigger.type.toUpperCase() === type);
  return {
    ...defaultContainerValues,
    name: container.name,
    image: container.image,
    registry: container.privateRegistry?.name ?? '',
    resources: container.resources,
    entrypoint: joinArguments(container.entrypoint ?? []),
    command: joinArguments(container.command ?? []),
    variables: container.environmentVariables.map((variable) => ({
      name: variable.name,
      value: variable.secret ? '' : (variable.value ?? ''),
      secret: variable.secret,
      stored: variable.secret,
    })),
    ports: container.ports.join(', '),
    ingresses: container.ingresses.map((ingress) => ({
      key: ingress.domainName,
      domainName: ingress.domainName,
      port: String(ingress.port),
      enableTLS: ingress.enableTLS,
      allowlist: ingress.allowlist.join(', '),
    })),
    healthCheck: container.healthCheck
      ? { enabled: true, port: String(container.healthCheck.port), path: container.healthCheck.path }
      : defaultContainerValues.healthCheck,
    scaling: auto
      ? {
          ...defaultScaling,
          mode: 'auto',
          minimum: String(auto.replicas.minimum),
          maximum: String(auto.replicas.maximum),
          cpuTrigger: Boolean(threshold('CPU')),
          cpuThreshold: String(threshold('CPU')?.threshold ?? defaultScaling.cpuThreshold),
          memoryTrigger: Boolean(threshold('MEMORY')),
          memoryThreshold: String(threshold('MEMORY')?.threshold ?? defaultScaling.memoryThreshold),
        }
      : { ...defaultScaling, mode: 'manual', replicas: String(container.numberOfReplicas) },
    mounts: container.mounts.map((mount) => ({
      path: mount.path,
      volume: 'existing',
      volumeName: mount.volume.name,
      size: '',
    })),
  };
}

const argumentsOf = (text: string) => {
  const args = splitArguments(text) ?? [];
  return args.length ? args : null;
};

const variableInput = (variable: VariableValues): EnvironmentVariableInput => ({
  name: variable.name.trim(),
  value: variable.value,
  secret: variable.secret,
});

const ingressInput = (ingress: IngressValues): IngressInput => ({
  port: parsePort(ingress.port) ?? 0,
  enableTLS: ingress.enableTLS,
  whitelist: parseList(ingress.allowlist),
  domainName: ingress.domainName.trim().toLowerCase() || null,
});

const mountInput = (mount: MountValues): MountInput => ({
  path: mount.path.trim(),
  volume:
    mount.volume === 'new'
      ? { name: mount.volumeName.trim(), size: Number(mount.size), autoCreate: true }
      : { name: mount.volumeName.trim(), autoCreate: false },
});

function scalingInput({ scaling }: ContainerFormValues): ScalingInput {
  if (scaling.mode === 'manual') return { manual: { replicas: Number(scaling.replicas) } };
  return {
    auto: {
      replicas: { minimum: Number(scaling.minimum), maximum: Number(scaling.maximum) },
      triggers: [
        ...(scaling.cpuTrigger ? [{ type: 'CPU' as const, threshold: Number(scaling.cpuThreshold) }] : []),
        ...(scaling.memoryTrigger
          ? [{ type: 'MEMORY' as const, threshold: Number(scaling.memoryThreshold) }]
          : []),
      ],
    },
  };
}

const healthCheckInput = ({ healthCheck }: ContainerFormValues) =>
  healthCheck.enabled ? { port: parsePort(healthCheck.port) ?? 0, path: healthCheck.path.trim() } : null;

const portsInput = (values: ContainerFormValues) => (parsePorts(values.ports) ?? []).map(String);

/** The create input for valid form values. */
export function toCreateInput(namespace: string, values: ContainerFormValues): ContainerCreateInput {
  return {
    name: values.name.trim(),
    namespace,
    image: values.image.trim(),
    registry: values.registry || null,
    resources: values.resources,
    entrypoint: argumentsOf(values.entrypoint),
    command: argumentsOf(values.command),
    environmentVariables: values.variables.map(variableInput),
    ports: portsInput(values),
    ingresses: values.ingresses.map(ingressInput),
    mounts: values.mounts.map(mountInput),
    scaling: scalingInput(values),
    healthCheck: healthCheckInput(values),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A list patch keyed by `key`: items gone are sent ABSENT, new or changed items PRESENT, the rest not at all. */
function listPatch<TValue, TInput>(
  initial: readonly TValue[],
  current: readonly TValue[],
  key: (value: TValue) => string,
  toInput: (value: TValue) => TInput,
  removal: (value: TValue) => TInput & { state: 'ABSENT' },
  changed: (before: TValue, after: TValue) => boolean = (before, after) =>
    !same(toInput(before), toInput(after)),
): TInput[] | undefined {
  const currentKeys = new Set(current.map(key));
  const initialByKey = new Map(initial.map((value) => [key(value), value]));
  const patch: TInput[] = [
    ...initial.filter((value) => !currentKeys.has(key(value))).map(removal),
    ...current
      .filter((value) => {
        const before = initialByKey.get(key(value));
        return before === undefined || changed(before, value);
      })
      .map(toInput),
  ];
  return patch.length ? patch : undefined;
}

/**
 * The patch from the values the form opened with to the values saved (API.md): fields that did not change
 * are left out, list items are keyed as the platform keys them (variables by name, addresses by domain
 * name, mounts by path), removed ones are sent with `state: ABSENT`, and a removed health check as null.
 * Null when nothing changed.
 */
export function toModifyInput(
  namespace: string,
  initial: ContainerFormValues,
  current: ContainerFormValues,
): ContainerModifyInput | null {
  const patch: Omit<ContainerModifyInput, 'name' | 'namespace'> = {};

  if (current.image.trim() !== initial.image.trim()) patch.image = current.image.trim();
  if (current.registry !== initial.registry) patch.registry = current.registry || null;
  if (current.resources !== initial.resources) patch.resources = current.resources;
  if (!same(argumentsOf(current.entrypoint), argumentsOf(initial.entrypoint)))
    patch.entrypoint = argumentsOf(current.entrypoint);
  if (!same(argumentsOf(current.command), argumentsOf(initial.command)))
    patch.command = argumentsOf(current.command);
  if (!same(portsInput(current), portsInput(initial))) patch.ports = portsInput(current);

  patch.environmentVariables = listPatch(
    initial.variables,
    current.variables,
    (variable) => variable.name.trim(),
    variableInput,
    (variable) => ({ ...variableInput(variable), state: 'ABSENT' }),
    // A stored secret left empty is kept as it is; a value typed in replaces it.
    (before, after) =>
      after.secret !== before.secret || (after.stored ? after.value !== '' : after.value !== before.value),
  );

  // Addresses are keyed by the domain name they had: one whose domain changed is removed and added anew.
  const ingressKey = (ingress: IngressValues) =>
    ingress.key ?? `new:${ingress.domainName.trim().toLowerCase()}:${ingress.port}`;
  const currentIngresses = current.ingresses.map((ingress) =>
    ingress.key !== null && ingress.domainName.trim().toLowerCase() !== ingress.key
      ? { ...ingress, key: null }
      : ingress,
  );
  patch.ingresses = listPatch(initial.ingresses, currentIngresses, ingressKey, ingressInput, (ingress) => ({
    ...ingressInput(ingress),
    domainName: ingress.key,
    state: 'ABSENT',
  }));

  patch.mounts = listPatch(
    initial.mounts,
    current.mounts,
    (mount) => mount.path.trim(),
    mountInput,
    (mount) => ({ ...mountInput(mount), state: 'ABSENT' }),
  );

  if (!same(healthCheckInput(current), healthCheckInput(initial)))
    patch.healthCheck = healthCheckInput(current);
  if (!same(scalingInput(current), scalingInput(initial))) patch.scaling = scalingInput(current);

  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return Object.keys(changes).length ? { name: initial.name, namespace, ...changes } : null;
}
