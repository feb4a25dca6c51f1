import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { groupBy } from '../../batching.ts';
import type { Db } from '../../db/client.ts';
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
     * Removes the job with its runs and their log lines; variables and mounts cascade. The runs go first, in
     * a statement of their own: it waits for a runtime step still writing to one of them (PostgreSQL), so
     * the log lines are deleted after that step's last line, which a single statement's snapshot would miss.
     */
    async remove(id: number) {
      const runs = await db
        .delete(containerJobRuns)
        .where(eq(containerJobRuns.jobId, id))
        .returning({ id: containerJobRuns.id });
      if (runs.length) {
        await db.execute(
          sql`DELETE FROM log_lines WHERE source_kind = 'job-run' AND source_id IN (${sql.join(
            runs.map((run) => sql`${run.id}`),
            sql`, `,
          )})`,
        );
      }
      await db.delete(containerJobs).where(eq(containerJobs.id, id));
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
