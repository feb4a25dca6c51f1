import { runReports } from '../container-jobs/runtime-reports.ts';
import { containerReports } from '../containers/runtime-reports.ts';
import { createContainerStore } from '../containers/store.ts';
import { recordEventOnce } from '../events/store.ts';
import { appendLogLines, appendUnrecordedLogLines, lastLineAt, type WritingSource } from '../logs/store.ts';
import { recordSamples } from '../metrics/store.ts';
import { createVolumeStore } from '../volumes/store.ts';
import type { Db } from '../../db/client.ts';
import type { LogSource, RuntimeReports } from '../../provisioning/runtime-port.ts';

// The runtime port's implementation: each report goes to the module whose tables it changes (containers,
// container jobs, logs, metrics, volumes; with them events and metering). Composed once in app.ts and handed
// to the runtime driver.

export function createRuntimeReports(): RuntimeReports {
  return {
    ...containerReports,
    ...runReports,
    async logged(tx, source, stream, lines) {
      const writing = await writingSource(tx, source);
      if (writing) await appendLogLines(tx, writing, stream, lines);
    },
    async loggedAgain(tx, source, lines) {
      const writing = await writingSource(tx, source);
      if (writing) await appendUnrecordedLogLines(tx, writing, 'stdout', lines);
    },
    lastLoggedAt: (db, source) => lastLineAt(db, source),
    runtimeWarned: (tx, resource, message, since) =>
      recordEventOnce(tx, resource, 'RUNTIME_WARNING', message, since),
    sampled: (tx, source, sample) => recordSamples(tx, source, sample),
    volumesFilled: (tx, containerId, bytes) => createVolumeStore(tx).fillMountedBy(containerId, bytes),
  };
}

/** Who wrote a source's lines: a replica's carry its container and name, to be read after it is gone. */
async function writingSource(db: Db, source: LogSource): Promise<WritingSource | undefined> {
  if (source.kind === 'job-run') return { kind: 'job-run', id: source.id };
  const replica = await createContainerStore(db).findReplica(source.id);
  // Undefined when stopped meanwhile: the container knows it no more.
  return (
    replica && { kind: 'replica', id: source.id, containerId: replica.containerId, replica: replica.name }
  );
}
