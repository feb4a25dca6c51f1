import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { groupBy } from '../../../batching.ts';
import type { Db } from '../../../db/client.ts';
import { accounts, containerRevisions } from '../../../db/schema.ts';
import type { ContainerSpec } from '../spec.ts';

// Every deploy of a container is a numbered revision (1, 2, …): the spec it ran as stored (secret values
// encrypted, volumes by id), why, and who started it. A rollback deploys an earlier revision's spec again, as
// the next number; a redeploy deploys the current spec again. Restarting replicas is no new revision.

export type RevisionReason = (typeof containerRevisions.$inferSelect)['reason'];

/** How many revisions a container keeps: the oldest go as new ones come. */
export const REVISIONS_KEPT = 50;

export interface RevisionRow {
  containerId: number;
  number: number;
  spec: ContainerSpec;
  reason: RevisionReason;
  rolledBackTo: number | null;
  accountEmail: string | null;
  createdAt: Date;
}

const columns = {
  containerId: containerRevisions.containerId,
  number: containerRevisions.number,
  spec: containerRevisions.spec,
  reason: containerRevisions.reason,
  rolledBackTo: containerRevisions.rolledBackTo,
  accountEmail: accounts.email,
  createdAt: containerRevisions.createdAt,
};

// Only recordRevision writes the column, from a ContainerSpec: reading it back as one is safe.
const asRevision = (row: Omit<RevisionRow, 'spec'> & { spec: unknown }): RevisionRow => ({
  ...row,
  spec: row.spec as ContainerSpec,
});

/** Records the deploy about to start as the container's next revision, and drops the oldest beyond the kept. */
export async function recordRevision(
  tx: Db,
  containerId: number,
  spec: ContainerSpec,
  how: { reason: RevisionReason; accountId: number; rolledBackTo?: number },
): Promise<number> {
  const [inserted] = await tx
    .insert(containerRevisions)
    .values({
      containerId,
      // The container's row is locked by the change: no other deploy of it numbers at the same time.
      number: sql`(SELECT coalesce(max(number), 0) + 1 FROM container_revisions WHERE container_id = ${containerId})`,
      spec,
      reason: how.reason,
      rolledBackTo: how.rolledBackTo ?? null,
      accountId: how.accountId,
    })
    .returning({ number: containerRevisions.number });
  if (!inserted) throw new Error('revision insert returned nothing');
  await tx
    .delete(containerRevisions)
    .where(
      and(
        eq(containerRevisions.containerId, containerId),
        lt(containerRevisions.number, inserted.number - REVISIONS_KEPT + 1),
      ),
    );
  return inserted.number;
}

/** One revision of the container, or undefined when it has none of that number (or it was dropped). */
export async function findRevision(db: Db, containerId: number, number: number) {
  const [row] = await db
    .select(columns)
    .from(containerRevisions)
    .leftJoin(accounts, eq(accounts.id, containerRevisions.accountId))
    .where(and(eq(containerRevisions.containerId, containerId), eq(containerRevisions.number, number)));
  return row && asRevision(row);
}

/** The revisions of many containers in one statement, newest first, grouped by container id. */
export async function revisionsOf(db: Db, containerIds: readonly number[]) {
  const rows = await db
    .select(columns)
    .from(containerRevisions)
    .leftJoin(accounts, eq(accounts.id, containerRevisions.accountId))
    .where(inArray(containerRevisions.containerId, [...containerIds]))
    .orderBy(desc(containerRevisions.number));
  return groupBy(rows.map(asRevision), (row) => row.containerId);
}

/** The number of the revision the container runs or rolls out to; undefined before its first recorded deploy. */
export async function currentRevision(db: Db, containerId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ number: sql<number>`max(${containerRevisions.number})` })
    .from(containerRevisions)
    .where(eq(containerRevisions.containerId, containerId));
  return row?.number ?? undefined;
}
