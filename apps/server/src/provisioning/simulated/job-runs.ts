import type { Db } from '../../db/client.ts';
import type { RuntimeReports, RuntimeRun, RuntimeRunJob } from '../runtime-port.ts';
import { commandLineOf, simulatedExitCode } from './commands.ts';
import { delayRunStep, deleteRunStep, deleteRunStepsOfJob, insertRunStep, lockDueRuns } from './store.ts';

// The simulated runtime of job runs. Each run it carries out has a row in simulated_job_runs with the time of
// its next step: pending → running (the image is pulled and the command starts) → succeeded or failed. How it
// ends follows from the job's command (simulatedExitCode). Log lines: source_kind 'job-run', source_id = the run's id; a failing command writes
// its error and exit code on stderr, as a shell's child would.

export function createSimulatedJobRuns(options: { delayMs: number; reports: RuntimeReports }) {
  const { reports } = options;
  // Pulling the image takes a third of SIMULATED_DELAY_MS, the command four times the delay, so that a
  // customer watching sees the run running for a few seconds.
  const pullMs = Math.round(options.delayMs / 3);
  const runMs = Math.max(options.delayMs * 4, 50);

  async function log(tx: Db, run: { id: number }, lines: string[], stream: 'stdout' | 'stderr' = 'stdout') {
    await reports.logged(
      tx,
      { kind: 'job-run', id: run.id },
      stream,
      lines.map((text) => ({ text })),
    );
  }

  async function begin(tx: Db, run: RuntimeRun, job: RuntimeRunJob) {
    await reports.runStarted(tx, run.id, new Date());
    const commandLine = commandLineOf(job);
    await log(tx, run, [
      `Pulled image ${job.image}`,
      commandLine ? `Started ${commandLine}` : `Started container ${job.name}`,
    ]);
    await delayRunStep(tx, run.id, runMs);
  }

  async function finish(tx: Db, run: RuntimeRun, job: RuntimeRunJob, exitCode: number) {
    const succeeded = exitCode === 0;
    const message = succeeded ? 'Completed' : `Exited with code ${exitCode}`;
    await reports.runFinished(tx, run.id, {
      status: succeeded ? 'succeeded' : 'failed',
      endTime: new Date(),
      message,
    });
    if (succeeded) await log(tx, run, [message]);
    else
      await log(
        tx,
        run,
        [`Error: ${commandLineOf(job) || job.name} failed`, `exited with code ${exitCode}`],
        'stderr',
      );
    await deleteRunStep(tx, run.id);
  }

  return {
    /**
     * Stops carrying out the job's runs (the job is being deleted). Taking their rows first, before the runs
     * themselves go, keeps the order a reconcile step locks in (its row, then the run), so the two wait for
     * each other instead of deadlocking.
     */
    async forget(tx: Db, job: { id: number }) {
      await deleteRunStepsOfJob(tx, job.id);
    },
    async start(tx: Db, job: RuntimeRunJob, run: { id: number }) {
      await insertRunStep(tx, { runId: run.id, delayMs: pullMs, exitCode: simulatedExitCode(job) });
      await log(tx, run, [`Pulling image ${job.image}`]);
    },
    /** One step for every run that is due; returns how many it advanced. */
    async reconcile(db: Db): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await lockDueRuns(tx, 50);
        if (due.length === 0) return 0;
        const runs = await reports.runsWithJobs(
          tx,
          due.map((row) => row.runId),
        );
        for (const step of due) {
          const found = runs.get(step.runId);
          if (!found) continue;
          if (found.run.status === 'pending') await begin(tx, found.run, found.job);
          else await finish(tx, found.run, found.job, step.exitCode);
        }
        return due.length;
      });
    },
  };
}
