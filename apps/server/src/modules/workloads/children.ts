import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { NamespaceRow } from '../namespaces/store.ts';
import type { EnvironmentVariableSpec, MountVolumeRequest, WorkloadSpec } from './spec.ts';
import { registryName } from './store.ts';

// What containers and container jobs do alike with their variables, mounts and registry.

/** What workloads need of registries and volumes (their modules own the rules). */
export interface WorkloadCollaborators {
  /** The registry of that name in the namespace, or NOT_FOUND. */
  findRegistryForUse(tx: Db, namespaceId: number, name: string): Promise<{ id: number; name: string }>;
  /** The volume for a mount, created or grown as asked; NOT_FOUND or BAD_USER_INPUT otherwise. */
  resolveMountVolume(
    tx: Db,
    namespace: NamespaceRow,
    request: MountVolumeRequest,
    account: AccountWithCustomer,
  ): Promise<{ id: number }>;
}

// What the audit log shows of a secret: a kept one (`stored`) and one written by this change (`value`)
// differ, so that setting a secret leaves an entry naming it, while neither says anything of the value.
const SECRET_KEPT = '(secret)';
const SECRET_WRITTEN = '(secret, new value)';

/** Variables as the audit log records them: secret values never, only that they are set or written. */
export const auditedVariables = (variables: EnvironmentVariableSpec[]) =>
  Object.fromEntries(
    variables.map((variable) => [
      variable.name,
      variable.secret
        ? variable.stored === undefined
          ? SECRET_WRITTEN
          : SECRET_KEPT
        : (variable.value ?? variable.stored),
    ]),
  );

/** Rows to store: new secret values are encrypted, stored values kept as they are. */
export const storedVariables = (variables: EnvironmentVariableSpec[], secretBox: SecretBox) =>
  variables.map((variable) => ({
    name: variable.name,
    secret: variable.secret,
    value: variable.stored ?? (variable.secret ? secretBox.encryptSecret(variable.value) : variable.value),
  }));

/** The columns a workload's row shares with the other kind's (the registry as an id). */
type WorkloadRow = Pick<WorkloadSpec, 'name' | 'image' | 'resources' | 'entrypoint' | 'command'> & {
  id: number;
  registryId: number | null;
};

/** What storedWorkload reads of a workload's store: children of many rows at once, by row id. */
interface ChildrenStore {
  variablesOf(ids: number[]): Promise<Map<number, { name: string; secret: boolean; value: string }[]>>;
  mountsOf(ids: number[]): Promise<Map<number, { path: string; volumeId: number }[]>>;
}

/** The stored workload as a spec (variables keep their stored, possibly encrypted, values). */
export async function storedWorkload(
  tx: Db,
  store: ChildrenStore,
  row: WorkloadRow,
  namespace: string,
): Promise<WorkloadSpec> {
  const [variables, mounts, registry] = await Promise.all([
    store.variablesOf([row.id]),
    store.mountsOf([row.id]),
    row.registryId === null ? undefined : registryName(tx, row.registryId),
  ]);
  return {
    name: row.name,
    namespace,
    image: row.image,
    registry: registry ?? null,
    resources: row.resources,
    entrypoint: row.entrypoint,
    command: row.command,
    environmentVariables: (variables.get(row.id) ?? []).map((variable) => ({
      name: variable.name,
      secret: variable.secret,
      stored: variable.value,
    })),
    mounts: (mounts.get(row.id) ?? []).map((mount) => ({ path: mount.path, volumeId: mount.volumeId })),
  };
}

/** Each mount with its volume: kept ones as they are, requested ones found, created or grown. */
export async function resolveMounts(
  tx: Db,
  collaborators: WorkloadCollaborators,
  namespace: NamespaceRow,
  account: AccountWithCustomer,
  mounts: WorkloadSpec['mounts'],
) {
  const resolved = [];
  for (const mount of mounts) {
    const volumeId =
      mount.volumeId ?? (await collaborators.resolveMountVolume(tx, namespace, mount.volume, account)).id;
    resolved.push({ path: mount.path, volumeId });
  }
  return resolved;
}

/**
 * The registry id for a registry name (null: none). `current`, the registry the workload has, is kept
 * while the name stays the same.
 */
export async function registryIdFor(
  tx: Db,
  collaborators: WorkloadCollaborators,
  namespaceId: number,
  registry: string | null,
  current?: { name: string | null; id: number | null },
) {
  if (current && registry === current.name) return current.id;
  return registry ? (await collaborators.findRegistryForUse(tx, namespaceId, registry)).id : null;
}
