import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { groupBy } from '../../batching.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  containerJobEnvironmentVariables,
  containerJobMounts,
  containerJobRuns,
  containerJobs,
  namespaces,
} from '../../db/schema.ts';

export type ContainerJobRow = typeof containerJobs.$inferSelect;
export type RunRow = typeof containerJobRuns.$inferSelect;

export type ContainerJobValues = Omit<
  typeof containerJobs.$inferInsert,
  'id' | 'namespaceId' | 'name' | 'state' | 'locked' | 'createdAt' | 'modifiedAt'
>;

/** How many runs of a job are kept (API.md: the last 100). */
export const RUNS_KEPT = 100;

const byJob = (row: { jobId: number }) => row.jobId;

export function createContainerJobStore(db: Db) {
  return {
    async findByName(customerId: number, namespace: string, name: string) {
      const [row] = await db
        .select({ job: containerJobs })
        .from(containerJobs)
        .innerJoin(namespaces, eq(namespaces.id, containerJobs.namespaceId))
        .where(
          and(
            eq(namespaces.customerId, customerId),
            eq(namespaces.name, namespace),
            eq(containerJobs.name, name),
          ),
        );
      return row?.job;
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(containerJobs).where(eq(containerJobs.id, id));
      return row;
    },

    /** Locks the job row for the rest of the transaction (one change at a time). */
    async lock(id: number) {
      await db.execute(sql`SELECT id FROM ${containerJobs} WHERE id = ${id} FOR UPDATE`);
    },

    async countInNamespace(namespaceId: number) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(containerJobs)
        .where(eq(containerJobs.namespaceId, namespaceId));
      return row?.count ?? 0;
    },

    async listByNamespaces(namespaceIds: number[]) {
      if (namespaceIds.length === 0) return new Map<number, ContainerJobRow[]>();
      const rows = await db
        .select()
        .from(containerJobs)
        .where(inArray(containerJobs.namespaceId, namespaceIds))
        .orderBy(asc(containerJobs.name));
      return groupBy(rows, (row) => row.namespaceId);
    },

    /** Jobs mounting each of these volumes, by volume id. */
    async listByVolumes(volumeIds: number[]) {
      if (volumeIds.length === 0) return new Map<number, ContainerJobRow[]>();
      const rows = await db
        .selectDistinct({ job: containerJobs, volumeId: containerJobMounts.volumeId })
        .from(containerJobMounts)
        .innerJoin(containerJobs, eq(containerJobs.id, containerJobMounts.jobId))
        .where(inArray(containerJobMounts.volumeId, volumeIds))
        .orderBy(asc(containerJobs.name));
      const grouped = groupBy(rows, (row) => row.volumeId);
      return new Map([...grouped].map(([volumeId, jobs]) => [volumeId, jobs.map((row) => row.job)]));
    },

    async variablesOf(jobIds: number[]) {
      if (jobIds.length === 0)
        return new Map<number, (typeof containerJobEnvironmentVariables.$inferSelect)[]>();
      return groupBy(
        await db
          .select()
          .from(containerJobEnvironmentVariables)
          .where(inArray(containerJobEnvironmentVariables.jobId, jobIds))
          .orderBy(asc(containerJobEnvironmentVariables.name)),
        byJob,
      );
    },

    async mountsOf(jobIds: number[]) {
      if (jobIds.length === 0) return new Map<number, (typeof containerJobMounts.$inferSelect)[]>();
      return groupBy(
        await db
          .select()
          .from(containerJobMounts)
          .where(inArray(containerJobMounts.jobId, jobIds))
          .orderBy(asc(containerJobMounts.path)),
        byJob,
      );
    },

    /** Runs of many jobs, newest first, in one statement. */
    async runsOf(jobIds: number[]) {
      if (jobIds.length === 0) return new Map<number, RunRow[]>();
      return groupBy(
        await db
          .select()
          .from(containerJobRuns)
          .where(inArray(containerJobRuns.jobId, jobIds))
          .orderBy(desc(containerJobRuns.id)),
        byJob,
      );
    },

    async insert(values: ContainerJobValues & { namespaceId: number; name: string; state: string }) {
      const [row] = await db
        .insert(containerJobs)
        .values({ ...values, locked: true })
        .returning();
      if (!row) throw new Error('container job insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<Omit<ContainerJobRow, 'id' | 'namespaceId' | 'createdAt'>>) {
      const [row] = await db
        .update(containerJobs)
        .set({ ...values, modifiedAt: new Date() })
        .where(eq(containerJobs.id, id))
        .returning();
      return row;
    },

    /**
     * Removes the job with its runs; variables and mounts cascade. Returns the ids of the runs removed, whose
     * log lines go next (the logs module's). The runs go first, in a statement of their own: it waits for a
     * runtime step still writing to one of them (PostgreSQL), so the log lines are deleted after that step's
     * last line, which a single statement's snapshot would miss.
     */
    async remove(id: number): Promise<number[]> {
      const runs = await db
        .delete(containerJobRuns)
        .where(eq(containerJobRuns.jobId, id))
        .returning({ id: containerJobRuns.id });
      await db.delete(containerJobs).where(eq(containerJobs.id, id));
      return runs.map((run) => run.id);
    },

    async replaceVariables(jobId: number, rows: { name: string; value: string; secret: boolean }[]) {
      await db
        .delete(containerJobEnvironmentVariables)
        .where(eq(containerJobEnvironmentVariables.jobId, jobId));
      if (rows.length)
        await db.insert(containerJobEnvironmentVariables).values(rows.map((row) => ({ ...row, jobId })));
    },

    async replaceMounts(jobId: number, rows: { path: string; volumeId: number }[]) {
      await db.delete(containerJobMounts).where(eq(containerJobMounts.jobId, jobId));
      if (rows.length) await db.insert(containerJobMounts).values(rows.map((row) => ({ ...row, jobId })));
    },
  };
}

export type ContainerJobStore = ReturnType<typeof createContainerJobStore>;

// Runs as whoever starts them records them, and as the runtime reports them.

export type RunValues = Pick<
  typeof containerJobRuns.$inferInsert,
  'jobId' | 'name' | 'trigger' | 'scheduledAt'
>;

/** Records a pending run; undefined when the job has a run of that name already. */
export async function insertPendingRun(db: Db, values: RunValues): Promise<RunRow | undefined> {
  const [run] = await db
    .insert(containerJobRuns)
    .values({ ...values, status: 'pending', message: 'Waiting to start' })
    .onConflictDoNothing()
    .returning();
  return run;
}

/** Removes the job's finished runs beyond the newest `kept`; returns their ids (their log lines go next). */
export async function removeAgedRuns(db: Db, jobId: number, kept: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM container_job_runs WHERE id IN (
          SELECT id FROM container_job_runs WHERE job_id = ${jobId} AND status IN ('succeeded', 'failed')
          ORDER BY id DESC OFFSET ${kept})
        RETURNING id`,
  );
  return rows.map((row) => row.id);
}

export async function updateRunRow(
  db: Db,
  id: number,
  values: Partial<Pick<RunRow, 'status' | 'startTime' | 'endTime' | 'message' | 'attempts'>>,
): Promise<RunRow | undefined> {
  const [run] = await db.update(containerJobRuns).set(values).where(eq(containerJobRuns.id, id)).returning();
  return run;
}

export async function findRunByName(db: Db, jobId: number, name: string): Promise<RunRow | undefined> {
  const [run] = await db
    .select()
    .from(containerJobRuns)
    .where(and(eq(containerJobRuns.jobId, jobId), eq(containerJobRuns.name, name)));
  return run;
}

/** Runs with their jobs, by run id. */
export async function runsWithJobs(db: Db, runIds: number[]) {
  if (runIds.length === 0) return [];
  return db
    .select({ run: containerJobRuns, job: containerJobs })
    .from(containerJobRuns)
    .innerJoin(containerJobs, eq(containerJobs.id, containerJobRuns.jobId))
    .where(inArray(containerJobRuns.id, runIds));
}

/** Runs pending or running, with their namespace. */
export async function runsInProgress(db: Db) {
  return queryRows<{ name: string; namespace: string }>(
    db,
    sql`SELECT r.name, n.internal_name AS namespace FROM container_job_runs r
          JOIN container_jobs j ON j.id = r.job_id JOIN namespaces n ON n.id = j.namespace_id
        WHERE r.status IN ('pending', 'running')`,
  );
}
