import type { Db } from '../../db/client.ts';
import type { RuntimeReports, RuntimeRun, RuntimeRunJob } from '../runtime-port.ts';
import { commandLineOf, simulatedExitCode, simulatedSleepSeconds } from './commands.ts';
import { delayRunStep, deleteRunStep, deleteRunStepsOfJob, insertRunStep, lockDueRuns } from './store.ts';

// The simulated runtime of job runs. Each run it carries out has a row in simulated_job_runs with the time of
// its next step: pending → running (the image is pulled and the command starts) → succeeded or failed. How it
// ends follows from the job's command (simulatedExitCode; `sleep N` makes it take at least N seconds). A failed command
// starts again while the job's retries allow, within the same run; a run past the job's timeout is stopped
// and failed (the deadline is set when it starts). Log lines: source_kind 'job-run', source_id = the run's id;
// a failing command writes its error and exit code on stderr, as a shell's child would.

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

  // A command that sleeps takes at least that long; any takes long enough to be watched running.
  const commandMs = (job: RuntimeRunJob) => Math.max(runMs, (simulatedSleepSeconds(job) ?? 0) * 1000);
  const started = (job: RuntimeRunJob) => {
    const commandLine = commandLineOf(job);
    return commandLine ? `Started ${commandLine}` : `Started container ${job.name}`;
  };

  async function begin(tx: Db, run: RuntimeRun, job: RuntimeRunJob) {
    const now = new Date();
    await reports.runStarted(tx, run.id, now);
    await log(tx, run, [`Pulled image ${job.image}`, started(job)]);
    const deadline =
      job.timeoutSeconds === null ? undefined : new Date(now.getTime() + job.timeoutSeconds * 1000);
    await delayRunStep(tx, run.id, commandMs(job), deadline);
  }

  async function end(tx: Db, run: RuntimeRun, outcome: { status: 'succeeded' | 'failed'; message: string }) {
    await reports.runFinished(tx, run.id, { ...outcome, endTime: new Date() });
    await deleteRunStep(tx, run.id);
  }

  /** The command ended: the run succeeds, fails, or (failed, with retries left) starts the command again. */
  async function commandEnded(tx: Db, run: RuntimeRun, job: RuntimeRunJob, exitCode: number) {
    if (exitCode === 0) {
      await log(tx, run, ['Completed']);
      await end(tx, run, { status: 'succeeded', message: 'Completed' });
      return;
    }
    const error = [`Error: ${commandLineOf(job) || job.name} failed`, `exited with code ${exitCode}`];
    await log(tx, run, error, 'stderr');
    if (run.attempts <= job.retries) {
      const attempt = run.attempts + 1;
      await reports.runRetried(tx, run.id, attempt);
      await log(tx, run, [`Retrying: attempt ${attempt} of ${job.retries + 1}`, started(job)]);
      await delayRunStep(tx, run.id, commandMs(job));
      return;
    }
    await end(tx, run, { status: 'failed', message: `Exited with code ${exitCode}` });
  }

  async function timedOut(tx: Db, run: RuntimeRun, job: RuntimeRunJob) {
    const message = `Stopped after its timeout of ${job.timeoutSeconds} s`;
    await log(tx, run, [message], 'stderr');
    await end(tx, run, { status: 'failed', message });
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
    /** Stops carrying the run out (it was stopped): its command killed, as its last line says. */
    async stop(tx: Db, run: { id: number }) {
      await deleteRunStep(tx, run.id);
      await log(tx, run, ['Stopped: the command was killed'], 'stderr');
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
          else if (step.deadlineAt && step.deadlineAt.getTime() <= Date.now())
            await timedOut(tx, found.run, found.job);
          else await commandEnded(tx, found.run, found.job, step.exitCode);
        }
        return due.length;
      });
    },
  };
}
