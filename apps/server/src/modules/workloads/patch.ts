import { badInput } from '../../errors.ts';
import type {
  ContainerModifyInput,
  EnvironmentVariableInput,
  MountInput,
} from '../../generated/resolvers-types.ts';
import { duplicate } from './rules.ts';
import type { WorkloadSpec } from './spec.ts';

// Patch semantics of API.md: only fields that are sent change; lists are patches keyed by name
// (environment variables) and path (mounts), where `state: ABSENT` removes, PRESENT adds or replaces, and
// items or lists left out stay as they are. Create is the same patch applied to an empty workload, so both
// share one set of rules.
//
// An explicit null: for `registry`, `entrypoint` and `command` it removes the value (they are optional);
// for the other fields, which a workload always has, null is the same as absent.

export const isAbsent = (item: { state?: string | null }) => item.state === 'ABSENT';

export function refuseRepeats<T>(field: string, items: T[], key: (item: T) => string) {
  const twice = duplicate(items, key);
  if (twice !== undefined) throw badInput(field, `${field}: ${twice} is given twice`);
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

/** The fields containers and container jobs share, as a patch sends them. */
export type WorkloadPatch = Pick<
  ContainerModifyInput,
  'image' | 'registry' | 'resources' | 'entrypoint' | 'command' | 'environmentVariables' | 'mounts'
>;

/** The workload a create patch is applied to. */
export const emptyWorkload = (name: string, namespace: string, resources: string): WorkloadSpec => ({
  name,
  namespace,
  image: '',
  registry: null,
  resources,
  entrypoint: null,
  command: null,
  environmentVariables: [],
  mounts: [],
});

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
