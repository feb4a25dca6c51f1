import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { RuntimeDriver } from '../../provisioning/driver.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { recordEvent } from '../events/store.ts';
import { deleteRunLogLines } from '../logs/store.ts';
import { startMeter, stopMeters } from '../metering/store.ts';
import { recordSamples } from '../metrics/store.ts';
import { containerJobState } from './runtime-state.ts';
import {
  insertPendingRun,
  removeAgedRuns,
  RUNS_KEPT,
  updateRunRow,
  type ContainerJobRow,
  type RunRow,
} from './store.ts';

// A run is recorded `pending` by whoever starts it (the scheduler, or "run now"); the runtime then reports
// it running and finished. Only the newest RUNS_KEPT finished runs of a job are kept, with their log lines: a
// run in progress belongs to the runtime until it ends (pruning it under the runtime's feet deadlocked).

export type RunTrigger = { kind: 'schedule'; scheduledAt: Date } | { kind: 'manual' };

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Run names as Kubernetes names the Jobs of a CronJob: scheduled ones by their minute, manual ones at random. */
export function runName(jobName: string, trigger: RunTrigger): string {
  if (trigger.kind === 'schedule') return `${jobName}-${Math.floor(trigger.scheduledAt.getTime() / 60_000)}`;
  const suffix = Array.from({ length: 5 }, () => SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)]).join('');
  return `${jobName}-manual-${suffix}`;
}

/**
 * Starts runs on the runtime: `startRun` records a pending run of the job and hands it, with the job's
 * desired state, to the runtime, in the caller's transaction. It returns undefined when that run exists
 * already (a scheduled time is started once, whatever happens).
 */
export function createRunStarter(deps: { driver: RuntimeDriver; secretBox: SecretBox }) {
  return (tx: Db, job: ContainerJobRow, trigger: RunTrigger) => startRun(tx, deps, job, trigger);
}

export type RunStarter = ReturnType<typeof createRunStarter>;

async function startRun(
  tx: Db,
  { driver, secretBox }: { driver: RuntimeDriver; secretBox: SecretBox },
  job: ContainerJobRow,
  trigger: RunTrigger,
): Promise<RunRow | undefined> {
  const run = await insertPendingRun(tx, {
    jobId: job.id,
    name: runName(job.name, trigger),
    trigger: trigger.kind,
    scheduledAt: trigger.kind === 'schedule' ? trigger.scheduledAt : null,
  });
  if (!run) return undefined;
  await deleteRunLogLines(tx, await removeAgedRuns(tx, job.id, RUNS_KEPT));
  await driver.startJobRun(tx, await containerJobState(tx, secretBox, job), {
    id: run.id,
    name: run.name,
    trigger: run.trigger,
  });
  return run;
}

/**
 * What the runtime reports of a run: a run is metered from its start to its end, its start and end are
 * events of the job, and a finished run's duration a sample of the job's metrics.
 */
export async function updateRun(
  tx: Db,
  id: number,
  values: Partial<Pick<RunRow, 'status' | 'startTime' | 'endTime' | 'message' | 'attempts'>>,
) {
  const run = await updateRunRow(tx, id, values);
  if (!run) return;
  const job = { kind: 'container-job', id: run.jobId } as const;
  const trigger = run.trigger === 'schedule' ? 'on schedule' : 'manually';
  if (values.status === 'running') {
    await startMeter(tx, { kind: 'run', id }, values.startTime ?? undefined);
    await recordEvent(tx, job, 'RUN_STARTED', `Run ${run.name} started ${trigger}`);
  }
  if (values.status === 'succeeded' || values.status === 'failed') {
    await stopMeters(tx, [{ kind: 'run', id }], values.endTime ?? undefined);
    await recordEvent(
      tx,
      job,
      'RUN_FINISHED',
      `Run ${run.name} ${values.status}: ${run.message ?? ''}`.trim(),
    );
    if (run.startTime && run.endTime)
      await recordSamples(tx, job, {
        RUN_DURATION_SECONDS: (run.endTime.getTime() - run.startTime.getTime()) / 1000,
      });
  }
}
