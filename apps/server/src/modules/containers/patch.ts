import type { ContainerScaling } from '../../db/schema.ts';
import { badInput } from '../../errors.ts';
import type {
  ContainerModifyInput,
  EnvironmentVariableInput,
  IngressInput,
  MountInput,
  ScalingInput,
} from '../../generated/resolvers-types.ts';
import type { ContainerSpec, IngressSpec, WorkloadSpec } from './spec.ts';

// Patch semantics of API.md: only fields that are sent change; lists are patches keyed by name
// (environment variables), domain name or port (ingresses) and path (mounts), where `state: ABSENT` removes,
// PRESENT adds or replaces, and items or lists left out stay as they are. Create is the same patch applied
// to an empty container, so both share one set of rules.
//
// An explicit null: for `registry`, `entrypoint`, `command` and `healthCheck` it removes the value (they are
// optional on a container); for the other fields, which a container always has, null is the same as absent.

export type ContainerPatch = Omit<ContainerModifyInput, 'name' | 'namespace'>;

const isAbsent = (item: { state?: string | null }) => item.state === 'ABSENT';

function refuseRepeats<T>(field: string, items: T[], key: (item: T) => string) {
  const seen = new Set<string>();
  for (const item of items) {
    const value = key(item);
    if (seen.has(value)) throw badInput(field, `${field}: ${value} is given twice`);
    seen.add(value);
  }
}

function patchVariables(current: WorkloadSpec['environmentVariables'], items: EnvironmentVariableInput[]) {
  refuseRepeats('environmentVariables', items, (item) => item.name);
  const byName = new Map(current.map((variable) => [variable.name, variable]));
  for (const item of items) {
    if (isAbsent(item)) byName.delete(item.name);
    else byName.set(item.name, { name: item.name, value: item.value, secret: item.secret ?? false });
  }
  return [...byName.values()];
}

const ingressOf = (item: IngressInput, domainName: string | null): IngressSpec => ({
  domainName,
  port: item.port,
  enableTLS: item.enableTLS ?? false,
  allowlist: item.whitelist ?? [],
});

/**
 * Ingresses are keyed by domain name when the item has one, otherwise by port: then it matches the address
 * on that port (and keeps its domain name), or adds one with the default domain when there is none.
 */
function patchIngresses(current: IngressSpec[], items: IngressInput[]) {
  refuseRepeats('ingresses', items, (item) => item.domainName?.toLowerCase() ?? `port ${item.port}`);
  let result = [...current];
  for (const item of items) {
    const domainName = item.domainName?.trim().toLowerCase() || null;
    if (domainName !== null) {
      result = result.filter((ingress) => ingress.domainName !== domainName);
      if (!isAbsent(item)) result.push(ingressOf(item, domainName));
      continue;
    }
    const onPort = result.filter((ingress) => ingress.port === item.port);
    if (isAbsent(item)) {
      result = result.filter((ingress) => ingress.port !== item.port);
    } else if (onPort.length > 1) {
      throw badInput(
        'ingresses',
        `ingresses: port ${item.port} has ${onPort.length} addresses; give the domainName of the one to change`,
      );
    } else {
      result = result.filter((ingress) => ingress.port !== item.port);
      result.push(ingressOf(item, onPort[0]?.domainName ?? null));
    }
  }
  return result;
}

function patchMounts(current: WorkloadSpec['mounts'], items: MountInput[]) {
  refuseRepeats('mounts', items, (item) => item.path);
  const byPath = new Map(current.map((mount) => [mount.path, mount]));
  for (const item of items) {
    if (isAbsent(item)) byPath.delete(item.path);
    else
      byPath.set(item.path, {
        path: item.path,
        volume: {
          name: item.volume.name,
          size: item.volume.size ?? null,
          autoCreate: item.volume.autoCreate ?? true,
          increase: item.volume.increase ?? false,
        },
      });
  }
  return [...byPath.values()];
}

export function scalingOf(input: ScalingInput): ContainerScaling {
  const { auto, manual } = input;
  if ((auto == null) === (manual == null)) {
    throw badInput('scaling', 'scaling: give exactly one of auto and manual');
  }
  if (manual) return { replicas: manual.replicas };
  if (!auto) throw new Error('unreachable: auto is set when manual is not');
  return {
    minimum: auto.replicas.minimum,
    maximum: auto.replicas.maximum,
    triggers: auto.triggers.map((trigger) => ({ type: trigger.type, threshold: trigger.threshold })),
  };
}

/** The fields containers and container jobs share, as a patch sends them. */
export type WorkloadPatch = Pick<
  ContainerPatch,
  'image' | 'registry' | 'resources' | 'entrypoint' | 'command' | 'environmentVariables' | 'mounts'
>;

/** The shared fields after the patch; throws BAD_USER_INPUT when the patch itself is contradictory. */
export function applyWorkloadPatch<Spec extends WorkloadSpec>(current: Spec, patch: WorkloadPatch): Spec {
  const next: Spec = { ...current };
  if (patch.image != null) next.image = patch.image.trim();
  if (patch.resources != null) next.resources = patch.resources;
  if ('registry' in patch) next.registry = patch.registry?.trim() || null;
  if ('entrypoint' in patch) next.entrypoint = patch.entrypoint ?? null;
  if ('command' in patch) next.command = patch.command ?? null;
  if (patch.environmentVariables != null) {
    next.environmentVariables = patchVariables(current.environmentVariables, patch.environmentVariables);
  }
  if (patch.mounts != null) next.mounts = patchMounts(current.mounts, patch.mounts);
  return next;
}

/** The desired state after the patch; throws BAD_USER_INPUT when the patch itself is contradictory. */
export function applyContainerPatch(current: ContainerSpec, patch: ContainerPatch): ContainerSpec {
  const next = applyWorkloadPatch(current, patch);
  if (patch.ports != null) next.ports = patch.ports.map((port) => port.trim());
  if (patch.scaling != null) next.scaling = scalingOf(patch.scaling);
  if ('healthCheck' in patch) next.healthCheck = patch.healthCheck ?? null;
  if (patch.ingresses != null) next.ingresses = patchIngresses(current.ingresses, patch.ingresses);
  return next;
}
