import { externalConnectionState } from '../external-connections/state.ts';
import type { Db } from '../../db/client.ts';
import type { ContainerState } from '../../provisioning/runtime-state.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { workloadState } from '../workloads/runtime-state.ts';
import { createContainerStore, type ContainerRow } from './store.ts';

// A container as the runtime is handed it: what every workload has, with its ports, health check, scaling
// and addresses.

export async function containerState(
  tx: Db,
  secretBox: SecretBox,
  container: ContainerRow,
): Promise<ContainerState> {
  const store = createContainerStore(tx);
  const [variables, mounts, ingresses, externalConnection] = await Promise.all([
    store.variablesOf([container.id]),
    store.mountsOf([container.id]),
    store.ingressesOf([container.id]),
    externalConnectionState(tx, 'container', container.id),
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
    externalConnection,
  };
}
