import type { Db } from '../../db/client.ts';
import { busy, notFound } from '../../errors.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { NamespaceRow } from '../namespaces/store.ts';
import type { EnvironmentVariableRow, MountRow } from './store.ts';
import type { EnvironmentVariableSpec, MountSpec, MountVolumeRequest, WorkloadSpec } from './spec.ts';

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

const SECRET_MASK = '***';

/** Variables as the audit log records them: secret values never, only that they are set. */
export const auditedVariables = (variables: EnvironmentVariableSpec[]) =>
  Object.fromEntries(
    variables.map((variable) => [
      variable.name,
      variable.secret ? SECRET_MASK : (variable.value ?? variable.stored),
    ]),
  );

/** Rows to store: new secret values are encrypted, stored values kept as they are. */
export const storedVariables = (variables: EnvironmentVariableSpec[], secretBox: SecretBox) =>
  variables.map((variable) => ({
    name: variable.name,
    secret: variable.secret,
    value: variable.stored ?? (variable.secret ? secretBox.encryptSecret(variable.value) : variable.value),
  }));

/** Stored children back as spec parts (variables keep their stored, possibly encrypted, values). */
export const variableSpecs = (rows: EnvironmentVariableRow[]): EnvironmentVariableSpec[] =>
  rows.map((row) => ({ name: row.name, secret: row.secret, stored: row.value }));
export const mountSpecs = (rows: MountRow[]): MountSpec[] =>
  rows.map((row) => ({ path: row.path, volumeId: row.volumeId }));

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

/** The registry id after a change of registry name (null: none). */
export async function registryIdFor(
  tx: Db,
  collaborators: WorkloadCollaborators,
  namespaceId: number,
  registry: string | null,
) {
  return registry ? (await collaborators.findRegistryForUse(tx, namespaceId, registry)).id : null;
}

/** What lockedForChange needs of a workload's store. */
interface LockableStore<Row> {
  findByName(customerId: number, namespace: string, name: string): Promise<Row | undefined>;
  lock(id: number): Promise<void>;
  findAnyById(id: number): Promise<Row | undefined>;
}

/**
 * The customer's workload to change, its row locked for the rest of the transaction: NOT_FOUND (also for
 * another customer's), or CONFLICT while an earlier change is being applied. `kind` names it in messages.
 */
export async function lockedForChange<
  Row extends { id: number; name: string; state: string; locked: boolean },
>(
  store: LockableStore<Row>,
  kind: string,
  customerId: number,
  input: { namespace: string; name: string },
): Promise<Row> {
  const missing = () => notFound(`${kind} ${input.name} in namespace ${input.namespace}`);
  const found = await store.findByName(customerId, input.namespace, input.name);
  if (!found) throw missing();
  await store.lock(found.id);
  // Read again under the lock: a change that committed meanwhile is seen.
  const row = await store.findAnyById(found.id);
  if (!row) throw missing();
  if (row.locked) throw busy(kind, row);
  return row;
}
