import type { Database } from '../../../db/client.ts';
import { STARTING_DEADLINE_MS } from '../../../provisioning/runtime-state.ts';
import type { RunStarter } from '../runs.ts';
import { nextRunAfter } from '../schedule.ts';
import { anyJobDue, lockDueJobs, lockStaleJobs, setNextRuns } from './store.ts';

// Starts container job runs at their scheduled times. The plan is each job's `next_run_at` (the service sets
// it when a job is created, changed, enabled or disabled), so every process works from the same plan:
//  - a process takes due jobs with FOR UPDATE SKIP LOCKED and, in the same transaction, records the run and
//    moves next_run_at on; another process either skips the locked row or sees it no longer due, so each run
//    starts exactly once, and as long as one process is up, none is left out;
//  - a run found more than STARTING_DEADLINE late was missed (no process was up): it is skipped, not
//    replayed, like a Kubernetes CronJob past its startingDeadlineSeconds, and the next run is the next
//    scheduled time after now.

const BATCH = 200;

interface Logger {
  error(payload: object, message: string): void;
}

export function createScheduler(deps: {
  database: Database;
  /** Records a run and hands it to the runtime (the container-jobs module's). */
  startRun: RunStarter;
  log: Logger;
  /** The scheduler's idea of now; tests move it instead of waiting for real minutes. */
  clock?: () => Date;
  pollMs?: number;
}) {
  const { database, startRun, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /**
   * At start: jobs whose planned run was missed while no process was up (or that have no plan) get the next
   * scheduled time after now. Returns how many were planned.
   */
  async function plan(): Promise<number> {
    const now = clock();
    const cutoff = new Date(now.getTime() - STARTING_DEADLINE_MS);
    return database.db.transaction(async (tx) => {
      const stale = await lockStaleJobs(tx, cutoff);
      await setNextRuns(
        tx,
        stale.map((job) => ({ id: job.id, next: nextRunAfter(job.schedule, now) })),
      );
      return stale.length;
    });
  }

  /** Starts every run that is due (late ones within the deadline); returns how many jobs were due and runs started. */
  async function runDue(): Promise<{ due: number; started: number }> {
    const now = clock();
    const cutoff = now.getTime() - STARTING_DEADLINE_MS;
    // Most polls find nothing due: one plain read answers them without a transaction and its row locks.
    if (!(await anyJobDue(database.db, now))) return { due: 0, started: 0 };
    return database.db.transaction(async (tx) => {
      const due = await lockDueJobs(tx, now, BATCH);
      let started = 0;
      const plans = [];
      for (const job of due) {
        if (job.nextRunAt.getTime() >= cutoff) {
          if (await startRun(tx, job, { kind: 'schedule', scheduledAt: job.nextRunAt })) started++;
        }
        plans.push({ id: job.id, next: nextRunAfter(job.schedule, now) });
      }
      await setNextRuns(tx, plans);
      return { due: due.length, started };
    });
  }

  async function tick() {
    // A full batch means more may be due right away.
    while ((await runDue()).due >= BATCH && !stopped);
  }

  function loop(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log.error({ err: error }, 'scheduler tick failed'))
        .then(() => loop(deps.pollMs ?? 1000));
    }, delay);
  }

  return {
    plan,
    runDue,
    /** Plans missed jobs, then checks for due runs every pollMs. */
    async start() {
      stopped = false;
      await plan();
      loop(0);
    },
    /** Stops checking and waits for the check in hand. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
