import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { deleteRunLogLines } from '../logs/store.ts';
import { stopMeters } from '../metering/store.ts';
import { namespacedRef } from '../namespaces/runtime-state.ts';
import { containerJobState } from './runtime-state.ts';
import { createContainerJobStore } from './store.ts';

/** Container job → runtime: ready for its schedule once the runtime knows it, removed once released. */
export const containerJobProvisioning = (secretBox: SecretBox): ResourceHandler => ({
  async apply(tx, driver, id, action) {
    const store = createContainerJobStore(tx);
    const job = await store.findAnyById(id);
    if (!job) return;
    if (action === 'delete') {
      await driver.deleteContainerJob(tx, await namespacedRef(tx, job));
      // Runs still going end with the job: their usage stops being counted now.
      const runs = (await store.runsOf([job.id])).get(job.id) ?? [];
      await stopMeters(
        tx,
        runs.filter((run) => run.status === 'running').map((run) => ({ kind: 'run', id: run.id })),
      );
      await deleteRunLogLines(tx, await store.remove(job.id));
      return;
    }
    await driver.applyContainerJob(tx, await containerJobState(tx, secretBox, job));
    await store.update(job.id, { state: 'created', locked: false });
  },
  async fail(tx, id) {
    await createContainerJobStore(tx).update(id, { state: 'failed', locked: false });
  },
});
