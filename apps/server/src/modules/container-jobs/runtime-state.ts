import type { Db } from '../../db/client.ts';
import type { ContainerJobState } from '../../provisioning/runtime-state.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { workloadState } from '../workloads/runtime-state.ts';
import { createContainerJobStore, type ContainerJobRow } from './store.ts';

// A container job as the runtime is handed it: what every workload has, with its schedule.

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
  return {
    ...workload,
    schedule: job.schedule,
    enabled: job.enabled,
    timeoutSeconds: job.timeoutSeconds,
    retries: job.retries,
  };
}
