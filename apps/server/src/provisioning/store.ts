import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { provisioningTasks } from '../db/schema.ts';

// The provisioner's queue (table provisioning_tasks): one row per change still to be applied to the runtime.

export interface TaskRow {
  id: number;
  resource_kind: string;
  resource_id: number;
  action: string;
  attempts: number;
}

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Claims up to `limit` due tasks for `claimSeconds` (FOR UPDATE SKIP LOCKED plus a timed claim), counting
 * the attempt.
 */
export async function claimTasks(db: Db, claimSeconds: number, limit: number): Promise<TaskRow[]> {
  return queryRows<TaskRow>(
    db,
    sql`
      UPDATE provisioning_tasks SET claimed_until = ${secondsFromNow(claimSeconds)}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM provisioning_tasks
        WHERE not_before <= now() AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, resource_kind, resource_id, action, attempts`,
  );
}

export async function deleteTask(db: Db, id: number) {
  await db.execute(sql`DELETE FROM provisioning_tasks WHERE id = ${id}`);
}

/** The task is tried again in `seconds`, its attempts counted afresh (it waited, it did not fail). */
export async function retryTaskLater(db: Db, id: number, seconds: number) {
  await db.execute(sql`
      UPDATE provisioning_tasks
      SET claimed_until = NULL, attempts = 0, not_before = ${secondsFromNow(seconds)}
      WHERE id = ${id}`);
}

/** The task failed; it is tried again in `seconds`, its attempts kept. */
export async function backOffTask(db: Db, id: number, seconds: number) {
  await db.execute(
    sql`UPDATE provisioning_tasks SET claimed_until = NULL, not_before = ${secondsFromNow(seconds)} WHERE id = ${id}`,
  );
}

export async function insertTask(
  db: Db,
  task: { kind: string; id: number; action: string; delaySeconds: number },
) {
  await db.insert(provisioningTasks).values({
    resourceKind: task.kind,
    resourceId: task.id,
    action: task.action,
    notBefore: secondsFromNow(task.delaySeconds),
  });
}

/** Whether a change of the resource still waits to be handed to the runtime. */
export async function taskPending(db: Db, kind: string, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM provisioning_tasks WHERE resource_kind = ${kind} AND resource_id = ${id} LIMIT 1`,
  );
  return rows.length > 0;
}

/** Tasks waiting, and the age in seconds of the oldest (the server's metrics). */
export async function taskBacklog(db: Db): Promise<{ tasks: number; oldestAgeSeconds: number }> {
  const [row] = await queryRows<{ tasks: number; oldest: number | null }>(
    db,
    sql`SELECT count(*)::int AS tasks, extract(epoch FROM now() - min(created_at))::float8 AS oldest
        FROM provisioning_tasks`,
  );
  return { tasks: row?.tasks ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
}
