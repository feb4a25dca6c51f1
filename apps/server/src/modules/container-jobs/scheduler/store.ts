import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.ts';
import { containerJobs } from '../../../db/schema.ts';
import type { ContainerJobRow } from '../store.ts';

// The scheduler's plan: each container job's next_run_at.

export interface StaleJob {
  id: number;
  schedule: string;
  next_run_at: Date | string;
}

/** Writes next_run_at for many jobs in one statement. */
export async function setNextRuns(db: Db, plans: { id: number; next: Date | null }[]) {
  if (plans.length === 0) return;
  const ids = plans.map((plan) => plan.id);
  const times = plans.map((plan) => plan.next?.toISOString() ?? null);
  await db.execute(sql`
      UPDATE container_jobs AS job SET next_run_at = plan.next_run_at
      FROM unnest(${sql.param(ids)}::int[], ${sql.param(times)}::timestamptz[]) AS plan(id, next_run_at)
      WHERE job.id = plan.id`);
}

/** Enabled jobs without a plan or planned before `cutoff`, locked (SKIP LOCKED) for the transaction. */
export async function lockStaleJobs(tx: Db, cutoff: Date): Promise<StaleJob[]> {
  return queryRows<StaleJob>(
    tx,
    sql`SELECT id, schedule, next_run_at FROM container_jobs
            WHERE enabled AND state <> 'deleting' AND (next_run_at IS NULL OR next_run_at < ${cutoff.toISOString()})
            FOR UPDATE SKIP LOCKED`,
  );
}

// A job still being created or deleted waits (being created) or is gone from the plan (deleting).
const dueAt = (now: Date) =>
  sql`${containerJobs.nextRunAt} <= ${now.toISOString()} AND ${containerJobs.state} NOT IN ('creating', 'deleting')`;

/** Whether any job is due at `now` (a plain read, no locks). */
export async function anyJobDue(db: Db, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: containerJobs.id }).from(containerJobs).where(dueAt(now)).limit(1);
  return row !== undefined;
}

/** Up to `limit` jobs due at `now`, longest due first, locked (SKIP LOCKED) for the transaction. */
export async function lockDueJobs(
  tx: Db,
  now: Date,
  limit: number,
): Promise<(ContainerJobRow & { nextRunAt: Date })[]> {
  const due = await tx
    .select()
    .from(containerJobs)
    .where(dueAt(now))
    .orderBy(containerJobs.nextRunAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return due as (ContainerJobRow & { nextRunAt: Date })[];
}

/** How late, in seconds, the longest-due job is at `now`: 0 when none is due (the server's metrics). */
export async function oldestDueLagSeconds(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ oldest: sql<Date | string | null>`min(${containerJobs.nextRunAt})` })
    .from(containerJobs)
    .where(dueAt(now));
  return row?.oldest ? Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000) : 0;
}
