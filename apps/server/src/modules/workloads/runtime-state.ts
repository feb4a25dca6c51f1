import type { Db } from '../../db/client.ts';
import type { WorkloadState } from '../../provisioning/runtime-state.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { namespacedRef } from '../namespaces/runtime-state.ts';
import { createRegistryStore } from '../registries/store.ts';
import { createVolumeStore } from '../volumes/store.ts';

// What containers and container jobs share as the runtime is handed them, read in the provisioning task's
// transaction: the namespace a workload lives in, its variables (secret ones decrypted), the names of its
// volumes and registry. Each module adds its own (containers/runtime-state.ts, container-jobs/…).

/** The columns of a container or job row that the runtime is handed alike. */
export interface WorkloadRow {
  id: number;
  namespaceId: number;
  name: string;
  image: string;
  resources: string;
  entrypoint: string[] | null;
  command: string[] | null;
  registryId: number | null;
}

/** What a workload refers to is kept while it does (deletes wait for users); a row missing is a fault. */
function found<T>(row: T | undefined, what: string): T {
  if (!row) throw new Error(`${what} is gone`);
  return row;
}

export async function workloadState(
  tx: Db,
  secretBox: SecretBox,
  workload: WorkloadRow,
  children: {
    variables: { name: string; value: string; secret: boolean }[];
    mounts: { path: string; volumeId: number }[];
  },
): Promise<WorkloadState> {
  const [ref, volumes, registries] = await Promise.all([
    namespacedRef(tx, workload),
    createVolumeStore(tx).byIds(children.mounts.map((mount) => mount.volumeId)),
    createRegistryStore(tx).byIds(workload.registryId === null ? [] : [workload.registryId]),
  ]);
  return {
    ...ref,
    image: workload.image,
    resources: workload.resources,
    entrypoint: workload.entrypoint,
    command: workload.command,
    variables: children.variables.map((variable) => ({
      name: variable.name,
      value: variable.secret ? secretBox.decryptSecret(variable.value) : variable.value,
      secret: variable.secret,
    })),
    mounts: children.mounts.map((mount) => ({
      path: mount.path,
      volumeName: found(volumes.get(mount.volumeId), `volume ${mount.volumeId}`).name,
    })),
    registryName:
      workload.registryId === null
        ? null
        : found(registries.get(workload.registryId), `registry ${workload.registryId}`).name,
  };
}
