import { eq, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { simulatedContainers, simulatedJobRuns } from '../../db/schema.ts';

// The simulated runtime's own state: simulated_containers (the replica set a container rolls out, its
// phase and next step) and simulated_job_runs (the next step of each run it carries out).

export type Phase = 'rolling' | 'steady' | 'deleting';

const after = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** Whether any container or run has a step due (one plain read; most ticks find nothing). */
export async function stepsDue(db: Db): Promise<{ containers: boolean; runs: boolean }> {
  const [due] = await queryRows<{ containers: boolean; runs: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM simulated_containers WHERE next_step_at <= now()) AS containers,
               EXISTS (SELECT 1 FROM simulated_job_runs WHERE next_step_at <= now()) AS runs`,
  );
  return due ?? { containers: false, runs: false };
}

/**
 * The container's next step in `delayMs`, in `phase`; a new container starts with `revision`, which an
 * existing one takes only when `newRevision` (a rollout of a new replica set).
 */
export async function scheduleContainer(
  tx: Db,
  step: { containerId: number; phase: Phase; delayMs: number; revision: string; newRevision: boolean },
) {
  const nextStepAt = after(step.delayMs);
  await tx
    .insert(simulatedContainers)
    .values({ containerId: step.containerId, phase: step.phase, revision: step.revision, nextStepAt })
    .onConflictDoUpdate({
      target: simulatedContainers.containerId,
      set: { phase: step.phase, nextStepAt, ...(step.newRevision ? { revision: step.revision } : {}) },
    });
}

/** Up to `limit` containers whose step is due, longest overdue first, locked (SKIP LOCKED). */
export async function lockDueContainers(tx: Db, limit: number) {
  return (
    tx
      .select()
      .from(simulatedContainers)
      .where(lte(simulatedContainers.nextStepAt, sql`now()`))
      // Longest overdue first: a busy set of steady containers cannot starve a rollout.
      .orderBy(simulatedContainers.nextStepAt)
      .limit(limit)
      .for('update', { skipLocked: true })
  );
}

export async function insertRunStep(tx: Db, step: { runId: number; delayMs: number; exitCode: number }) {
  await tx
    .insert(simulatedJobRuns)
    .values({ runId: step.runId, nextStepAt: after(step.delayMs), exitCode: step.exitCode });
}

/** The run's next step in `delayMs`, or at its deadline if that comes first; a deadline given is kept. */
export async function delayRunStep(tx: Db, runId: number, delayMs: number, deadlineAt?: Date) {
  const deadline = deadlineAt ? sql`${deadlineAt.toISOString()}::timestamptz` : simulatedJobRuns.deadlineAt;
  await tx
    .update(simulatedJobRuns)
    .set({
      nextStepAt: sql`least(${after(delayMs)}, coalesce(${deadline}, 'infinity'::timestamptz))`,
      ...(deadlineAt ? { deadlineAt } : {}),
    })
    .where(eq(simulatedJobRuns.runId, runId));
}

export async function deleteRunStep(tx: Db, runId: number) {
  await tx.delete(simulatedJobRuns).where(eq(simulatedJobRuns.runId, runId));
}

/** Forgets the steps of the job's runs (the job is being deleted). */
export async function deleteRunStepsOfJob(tx: Db, jobId: number) {
  await tx.execute(
    sql`DELETE FROM simulated_job_runs WHERE run_id IN (SELECT id FROM container_job_runs WHERE job_id = ${jobId})`,
  );
}

/** Up to `limit` runs whose step is due, longest overdue first, locked (SKIP LOCKED). */
export async function lockDueRuns(tx: Db, limit: number) {
  return tx
    .select()
    .from(simulatedJobRuns)
    .where(lte(simulatedJobRuns.nextStepAt, sql`now()`))
    .orderBy(simulatedJobRuns.nextStepAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}
