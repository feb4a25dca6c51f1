import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containerJobRuns, containerJobs, logLines, simulatedJobRuns } from '../../db/schema.ts';
import type { ContainerJobRow, RunRow } from '../../modules/container-jobs/store.ts';
import { updateRun } from '../../modules/container-jobs/runs.ts';
import { commandLineOf, simulatedExitCode } from './commands.ts';

// The simulated runtime of job runs. Each run it carries out has a row in simulated_job_runs with the time of
// its next step: pending → running (the image is pulled and the command starts) → succeeded or failed. How it
// ends follows from the job's command (simulatedExitCode). Log lines: source_kind 'job-run', source_id = the run's id; a failing command writes
// its error and exit code on stderr, as a shell's child would.

export function createSimulatedJobRuns(options: { delayMs: number }) {
  // Pulling the image takes a third of SIMULATED_DELAY_MS, the command four times the delay, so that a
  // customer watching sees the run running for a few seconds.
  const pullMs = Math.round(options.delayMs / 3);
  const runMs = Math.max(options.delayMs * 4, 50);
  const after = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

  async function log(tx: Db, run: { id: number }, lines: string[], stream: 'stdout' | 'stderr' = 'stdout') {
    await tx
      .insert(logLines)
      .values(lines.map((line) => ({ sourceKind: 'job-run', sourceId: run.id, stream, line })));
  }

  async function begin(tx: Db, run: RunRow, job: ContainerJobRow) {
    await updateRun(tx, run.id, { status: 'running', startTime: new Date(), message: 'Running' });
    const commandLine = commandLineOf(job);
    await log(tx, run, [
      `Pulled image ${job.image}`,
      commandLine ? `Started ${commandLine}` : `Started container ${job.name}`,
    ]);
    await tx
      .update(simulatedJobRuns)
      .set({ nextStepAt: after(runMs) })
      .where(eq(simulatedJobRuns.runId, run.id));
  }

  async function finish(tx: Db, run: RunRow, job: ContainerJobRow, exitCode: number) {
    const succeeded = exitCode === 0;
    const message = succeeded ? 'Completed' : `Exited with code ${exitCode}`;
    await updateRun(tx, run.id, { status: succeeded ? 'succeeded' : 'failed', endTime: new Date(), message });
    if (succeeded) await log(tx, run, [message]);
    else
      await log(
        tx,
        run,
        [`Error: ${commandLineOf(job) || job.name} failed`, `exited with code ${exitCode}`],
        'stderr',
      );
    await tx.delete(simulatedJobRuns).where(eq(simulatedJobRuns.runId, run.id));
  }

  return {
    /**
     * Stops carrying out the job's runs (the job is being deleted). Taking their rows first, before the runs
     * themselves go, keeps the order a reconcile step locks in (its row, then the run), so the two wait for
     * each other instead of deadlocking.
     */
    async forget(tx: Db, job: ContainerJobRow) {
      await tx.execute(
        sql`DELETE FROM simulated_job_runs WHERE run_id IN (SELECT id FROM container_job_runs WHERE job_id = ${job.id})`,
      );
    },
    async start(tx: Db, job: ContainerJobRow, run: RunRow) {
      await tx.insert(simulatedJobRuns).values({
        runId: run.id,
        nextStepAt: after(pullMs),
        exitCode: simulatedExitCode(job),
      });
      await log(tx, run, [`Pulling image ${job.image}`]);
    },
    /** One step for every run that is due; returns how many it advanced. */
    async reconcile(db: Db): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(simulatedJobRuns)
          .where(lte(simulatedJobRuns.nextStepAt, sql`now()`))
          .orderBy(simulatedJobRuns.nextStepAt)
          .limit(50)
          .for('update', { skipLocked: true });
        if (due.length === 0) return 0;
        const rows = await tx
          .select({ run: containerJobRuns, job: containerJobs })
          .from(containerJobRuns)
          .innerJoin(containerJobs, eq(containerJobs.id, containerJobRuns.jobId))
          .where(
            inArray(
              containerJobRuns.id,
              due.map((row) => row.runId),
            ),
          );
        for (const step of due) {
          const found = rows.find((row) => row.run.id === step.runId);
          if (!found) continue;
          if (found.run.status === 'pending') await begin(tx, found.run, found.job);
          else await finish(tx, found.run, found.job, step.exitCode);
        }
        return due.length;
      });
    },
  };
}
