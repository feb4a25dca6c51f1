import type { Db } from '../../db/client.ts';
import type { ContainerJobState, ContainerState, WorkloadState } from '../../provisioning/runtime-state.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { createContainerJobStore, type ContainerJobRow } from '../container-jobs/store.ts';
import { createContainerStore, type ContainerRow } from '../containers/store.ts';
import { namespacedRef } from '../namespaces/runtime-state.ts';

// Containers and container jobs as the runtime is handed them, read in the provisioning task's transaction:
// the namespace a workload lives in, its variables (secret ones decrypted), the names of its volumes and
// registry.

/** What a workload refers to is kept while it does (deletes wait for users); a row missing is a fault. */
function found<T>(row: T | undefined, what: string): T {
  if (!row) throw new Error(`${what} is gone`);
  return row;
}

async function workloadState(
  tx: Db,
  secretBox: SecretBox,
  workload: ContainerRow | ContainerJobRow,
  children: {
    variables: { name: string; value: string; secret: boolean }[];
    mounts: { path: string; volumeId: number }[];
  },
): Promise<WorkloadState> {
  const store = createContainerStore(tx);
  const [ref, volumes, registries] = await Promise.all([
    namespacedRef(tx, workload),
    store.volumesById(children.mounts.map((mount) => mount.volumeId)),
    store.registriesById(workload.registryId === null ? [] : [workload.registryId]),
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

export async function containerState(
  tx: Db,
  secretBox: SecretBox,
  container: ContainerRow,
): Promise<ContainerState> {
  const store = createContainerStore(tx);
  const [variables, mounts, ingresses] = await Promise.all([
    store.variablesOf([container.id]),
    store.mountsOf([container.id]),
    store.ingressesOf([container.id]),
  ]);
  const workload = await workloadState(tx, secretBox, container, {
    variables: variables.get(container.id) ?? [],
    mounts: mounts.get(container.id) ?? [],
  });
  return {
    ...workload,
    changedAt: container.modifiedAt ?? container.createdAt,
    ports: container.ports,
    healthCheck: container.healthCheck,
    scaling: container.scaling,
    ingresses: (ingresses.get(container.id) ?? []).map(({ domainName, port, enableTls }) => ({
      domainName,
      port,
      enableTls,
    })),
  };
}

export async function containerJobState(
  tx: Db,
  secretBox: SecretBox,
  job: ContainerJobRow,
): Promise<ContainerJobState> {
  const store = createContainerJobStore(tx);
  const [variables, mounts] = await Promise.all([store.variablesOf([job.id]), store.mountsOf([job.id])]);
  const workload = await workloadState(tx, secretBox, job, {
    variables: variables.get(job.id) ?? [],
    mounts: mounts.get(job.id) ?? [],
  });
  return { ...workload, schedule: job.schedule, enabled: job.enabled };
}
