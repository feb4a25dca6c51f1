import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { containerJobs } from '../db/schema.ts';
import { startRun } from '../modules/container-jobs/runs.ts';
import { nextRunAfter } from '../modules/container-jobs/schedule.ts';
import type { ContainerJobRow } from '../modules/container-jobs/store.ts';
import type { RuntimeDriver } from '../provisioning/driver.ts';

// Starts container job runs at their scheduled times. The plan is each job's `next_run_at` (the service sets
// it when a job is created, changed, enabled or disabled), so every process works from the same plan:
//  - a process takes due jobs with FOR UPDATE SKIP LOCKED and, in the same transaction, records the run and
//    moves next_run_at on; another process either skips the locked row or sees it no longer due, so each run
//    starts exactly once, and as long as one process is up, none is left out;
//  - a run found more than STARTING_DEADLINE late was missed (no process was up): it is skipped, not
//    replayed, like a Kubernetes CronJob past its startingDeadlineSeconds, and the next run is the next
//    scheduled time after now.

/** How late a run may still start; older ones were missed while no process was up. */
export const STARTING_DEADLINE_MS = 60_000;
const BATCH = 200;

interface Logger {
  error(payload: object, message: string): void;
}

interface DueJob {
  id: number;
  schedule: string;
  next_run_at: Date | string;
}

export function createScheduler(deps: {
  database: Database;
  driver: RuntimeDriver;
  log: Logger;
  /** The scheduler's idea of now; tests move it instead of waiting for real minutes. */
  clock?: () => Date;
  pollMs?: number;
}) {
  const { database, driver, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /** Writes next_run_at for many jobs in one statement. */
  async function setNextRuns(db: Database['db'], plans: { id: number; next: Date | null }[]) {
    if (plans.length === 0) return;
    const ids = plans.map((plan) => plan.id);
    const times = plans.map((plan) => plan.next?.toISOString() ?? null);
    await db.execute(sql`
      UPDATE container_jobs AS job SET next_run_at = plan.next_run_at
      FROM unnest(${sql.param(ids)}::int[], ${sql.param(times)}::timestamptz[]) AS plan(id, next_run_at)
      WHERE job.id = plan.id`);
  }

  /**
   * At start: jobs whose planned run was missed while no process was up (or that have no plan) get the next
   * scheduled time after now. Returns how many were planned.
   */
  async function plan(): Promise<number> {
    const now = clock();
    const cutoff = new Date(now.getTime() - STARTING_DEADLINE_MS);
    return database.db.transaction(async (tx) => {
      const stale = await queryRows<DueJob>(
        tx,
        sql`SELECT id, schedule, next_run_at FROM container_jobs
            WHERE enabled AND state <> 'deleting' AND (next_run_at IS NULL OR next_run_at < ${cutoff.toISOString()})
            FOR UPDATE SKIP LOCKED`,
      );
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
    // A job still being created or deleted waits (being created) or is gone from the plan (deleting).
    const isDue = sql`${containerJobs.nextRunAt} <= ${now.toISOString()} AND ${containerJobs.state} NOT IN ('creating', 'deleting')`;
    // Most polls find nothing due: one plain read answers them without a transaction and its row locks.
    const [anyDue] = await database.db
      .select({ id: containerJobs.id })
      .from(containerJobs)
      .where(isDue)
      .limit(1);
    if (anyDue === undefined) return { due: 0, started: 0 };
    return database.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(containerJobs)
        .where(isDue)
        .orderBy(containerJobs.nextRunAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let started = 0;
      const plans = [];
      for (const job of due as (ContainerJobRow & { nextRunAt: Date })[]) {
        if (job.nextRunAt.getTime() >= cutoff) {
          if (await startRun(tx, driver, job, { kind: 'schedule', scheduledAt: job.nextRunAt })) started++;
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
