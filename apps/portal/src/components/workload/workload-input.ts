import type {
  ContainerModifyInput,
  ContainerResources,
  EnvironmentVariableInput,
  MountInput,
} from '../../gql/graphql.ts';
import { joinArguments, splitArguments } from './command-line.ts';
import type { MountValues, VariableValues, WorkloadFormValues } from './workload-schema.ts';

// Between the shared fields of a workload form and the platform's inputs: a container or job as the form shows
// it, the fields of a create input, and for configure the patch of API.md with only what changed.

/** The parts of a container or job the shared fields edit, as the platform returns them. */
export interface ConfigurableWorkload {
  name: string;
  image: string;
  privateRegistry?: { name: string } | null;
  resources: ContainerResources;
  entrypoint?: readonly string[] | null;
  command?: readonly string[] | null;
  environmentVariables: readonly { name: string; value?: string | null; secret: boolean }[];
  mounts: readonly { path: string; volume: { name: string } }[];
}

/** The shared fields of the form, prefilled; secret values stay empty, as the platform never returns them. */
export function toWorkloadValues(workload: ConfigurableWorkload): WorkloadFormValues {
  return {
    name: workload.name,
    image: workload.image,
    registry: workload.privateRegistry?.name ?? '',
    resources: workload.resources,
    entrypoint: joinArguments(workload.entrypoint ?? []),
    command: joinArguments(workload.command ?? []),
    variables: workload.environmentVariables.map((variable) => ({
      name: variable.name,
      value: variable.secret ? '' : (variable.value ?? ''),
      secret: variable.secret,
      stored: variable.secret,
    })),
    mounts: workload.mounts.map((mount) => ({
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

const mountInput = (mount: MountValues): MountInput => ({
  path: mount.path.trim(),
  volume:
    mount.volume === 'new'
      ? { name: mount.volumeName.trim(), size: Number(mount.size), autoCreate: true }
      : { name: mount.volumeName.trim(), autoCreate: false },
});

/** The shared fields of a create input, for valid form values. */
export function toWorkloadCreateInput(namespace: string, values: WorkloadFormValues) {
  return {
    name: values.name.trim(),
    namespace,
    image: values.image.trim(),
    registry: values.registry || null,
    resources: values.resources,
    entrypoint: argumentsOf(values.entrypoint),
    command: argumentsOf(values.command),
    environmentVariables: values.variables.map(variableInput),
    mounts: values.mounts.map(mountInput),
  };
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A list patch keyed by `key`: items gone are sent ABSENT, new or changed items PRESENT, the rest not at all. */
export function listPatch<TValue, TInput>(
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

/** The shared fields of a modify input: what containers and jobs patch alike. */
export type WorkloadPatch = Pick<
  ContainerModifyInput,
  'image' | 'registry' | 'resources' | 'entrypoint' | 'command' | 'environmentVariables' | 'mounts'
>;

/**
 * The patch of the shared fields from the values the form opened with to the values saved (API.md): fields
 * that did not change are left out (undefined), variables are keyed by name and mounts by path, removed ones
 * are sent with `state: ABSENT`, and a removed registry, entrypoint or command as null.
 */
export function workloadPatch(initial: WorkloadFormValues, current: WorkloadFormValues): WorkloadPatch {
  const patch: WorkloadPatch = {};
  if (current.image.trim() !== initial.image.trim()) patch.image = current.image.trim();
  if (current.registry !== initial.registry) patch.registry = current.registry || null;
  if (current.resources !== initial.resources) patch.resources = current.resources;
  if (!same(argumentsOf(current.entrypoint), argumentsOf(initial.entrypoint)))
    patch.entrypoint = argumentsOf(current.entrypoint);
  if (!same(argumentsOf(current.command), argumentsOf(initial.command)))
    patch.command = argumentsOf(current.command);

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

  patch.mounts = listPatch(
    initial.mounts,
    current.mounts,
    (mount) => mount.path.trim(),
    mountInput,
    (mount) => ({ ...mountInput(mount), state: 'ABSENT' }),
  );
  return patch;
}

/** The modify input of `name` with the fields of `patch` that are set, or null when nothing changed. */
export function patchInput<TPatch extends object>(
  name: string,
  namespace: string,
  patch: TPatch,
): ({ name: string; namespace: string } & TPatch) | null {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return Object.keys(changes).length
    ? ({ name, namespace, ...changes } as { name: string; namespace: string } & TPatch)
    : null;
}
