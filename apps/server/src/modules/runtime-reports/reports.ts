import { runReports } from '../container-jobs/runtime-reports.ts';
import { containerReports } from '../containers/runtime-reports.ts';
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
    logged: (tx, source, stream, lines) => appendLogLines(tx, source, stream, lines),
    sampled: (tx, source, sample) => recordSamples(tx, source, sample),
    volumesFilled: (tx, containerId, bytes) => createVolumeStore(tx).fillMountedBy(containerId, bytes),
  };
}
