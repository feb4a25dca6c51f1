import type { RuntimeDriver } from '../driver.ts';
import type { RuntimeReports } from '../runtime-port.ts';
import { createSimulatedContainers } from './containers.ts';
import { createSimulatedJobRuns } from './job-runs.ts';
import { stepsDue } from './store.ts';

// Nothing really runs: changes take a configurable time, then succeed, as the customer would see them.
export function createSimulatedDriver(options: { delayMs: number; reports: RuntimeReports }): RuntimeDriver {
  const containers = createSimulatedContainers(options);
  const jobRuns = createSimulatedJobRuns(options);
  return {
    name: 'simulated',
    settleDelayMs: () => options.delayMs,
    applyNamespace: async () => undefined,
    deleteNamespace: async () => undefined,
    applyRegistry: async () => undefined,
    deleteRegistry: async () => undefined,
    applyVolume: async () => undefined,
    deleteVolume: async () => undefined,
    applyContainer: (tx, container) => containers.apply(tx, container),
    deleteContainer: (tx, container) => containers.delete(tx, container),
    applyContainerJob: async () => undefined,
    deleteContainerJob: (tx, job) => jobRuns.forget(tx, job),
    startJobRun: (tx, job, run) => jobRuns.start(tx, job, run),
    stopJobRun: (tx, _job, run) => jobRuns.stop(tx, run),
    reconcile: async (db) => {
      // Most ticks find nothing due: one plain read then, the locking transactions only when there is work.
      const due = await stepsDue(db);
      if (due.containers) await containers.reconcile(db);
      if (due.runs) await jobRuns.reconcile(db);
    },
  };
}
