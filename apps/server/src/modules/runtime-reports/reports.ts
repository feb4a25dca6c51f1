import { runReports } from '../container-jobs/runtime-reports.ts';
import { containerReports } from '../containers/runtime-reports.ts';
import { createContainerStore } from '../containers/store.ts';
import { appendLogLines } from '../logs/store.ts';
import { recordSamples } from '../metrics/store.ts';
import { createVolumeStore } from '../volumes/store.ts';
import type { RuntimeReports } from '../../provisioning/runtime-port.ts';

// The runtime port's implementation: each report goes to the module whose tables it changes (containers,
// container jobs, logs, metrics, volumes; with them events and metering). Composed once in app.ts and handed
// to the runtime driver.

export function createRuntimeReports(): RuntimeReports {
  return {
    ...containerReports,
    ...runReports,
    async logged(tx, source, stream, lines) {
      if (source.kind === 'job-run')
        return appendLogLines(tx, { kind: 'job-run', id: source.id }, stream, lines);
      // A replica's lines carry its container and name, to be read after it is gone.
      const replica = await createContainerStore(tx).findReplica(source.id);
      if (!replica) return; // stopped meanwhile: the container knows it no more
      await appendLogLines(
        tx,
        { kind: 'replica', id: source.id, containerId: replica.containerId, replica: replica.name },
        stream,
        lines,
      );
    },
    sampled: (tx, source, sample) => recordSamples(tx, source, sample),
    volumesFilled: (tx, containerId, bytes) => createVolumeStore(tx).fillMountedBy(containerId, bytes),
  };
}
