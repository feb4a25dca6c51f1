import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { groupBy } from '../../batching.ts';
import type { Db } from '../../db/client.ts';
import { databaseClusterAdvisories, databaseClusters, namespaces } from '../../db/schema.ts';
import type { ClusterRow } from '../database-clusters/store.ts';

// The advisor's columns of database_clusters (on/off, next analysis due, last analysis) and the advisories
// of the last analysis (0026).

export type AdvisoryRow = typeof databaseClusterAdvisories.$inferSelect;
/** A finding of an analysis as stored: databaseName for a missing index, null for a setting. */
export type NewAdvisory = Pick<AdvisoryRow, 'type' | 'identifier' | 'message' | 'databaseName'>;

/** A cluster with where it is, for the operators' command line. */
export interface PlacedCluster {
  cluster: ClusterRow;
  namespace: string;
  customerId: number;
}

const TYPE_ORDER: Record<AdvisoryRow['type'], number> = { MissingIndex: 0, SettingSuggestion: 1 };

export function createAdvisoryStore(db: Db) {
  /** Clusters the advisor can read now: running and not being changed. */
  const settled = and(eq(databaseClusters.state, 'running'), eq(databaseClusters.locked, false));

  return {
    /**
     * Takes the settled cluster whose analysis has been due the longest (FOR UPDATE SKIP LOCKED: another copy
     * of the server takes another), its due time moved to `lease`; undefined when none is due.
     */
    async claimDue(now: Date, lease: Date): Promise<ClusterRow | undefined> {
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: databaseClusters.id })
          .from(databaseClusters)
          .where(
            and(eq(databaseClusters.advisorEnabled, true), lte(databaseClusters.advisorDueAt, now), settled),
          )
          .orderBy(asc(databaseClusters.advisorDueAt), asc(databaseClusters.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return undefined;
        const [row] = await tx
          .update(databaseClusters)
          .set({ advisorDueAt: lease })
          .where(eq(databaseClusters.id, due.id))
          .returning();
        return row;
      });
    },

    /** Takes the cluster for an analysis now, whenever it is due, if its advisor is on. */
    async claim(clusterId: number, lease: Date): Promise<ClusterRow | undefined> {
      const [row] = await db
        .update(databaseClusters)
        .set({ advisorDueAt: lease })
        .where(and(eq(databaseClusters.id, clusterId), eq(databaseClusters.advisorEnabled, true)))
        .returning();
      return row;
    },

    /**
     * Replaces the cluster's advisories with an analysis's, dated, and makes the next one due at `nextDue`:
     * only if the cluster is still the analysis's (its advisor on, its due time the lease taken: turned off
     * or on again meanwhile, or taken by another analysis, it is not). Whether it was stored.
     */
    async storeAnalysis(
      clusterId: number,
      lease: Date,
      advisories: NewAdvisory[],
      analysedAt: Date,
      nextDue: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ enabled: databaseClusters.advisorEnabled, dueAt: databaseClusters.advisorDueAt })
          .from(databaseClusters)
          .where(eq(databaseClusters.id, clusterId))
          .for('update');
        if (!current?.enabled || current.dueAt?.getTime() !== lease.getTime()) return false;
        await tx.delete(databaseClusterAdvisories).where(eq(databaseClusterAdvisories.clusterId, clusterId));
        if (advisories.length > 0) {
          await tx
            .insert(databaseClusterAdvisories)
            .values(advisories.map((advisory) => ({ ...advisory, clusterId, createdAt: analysedAt })));
        }
        await tx
          .update(databaseClusters)
          .set({ advisorAnalysedAt: analysedAt, advisorDueAt: nextDue })
          .where(eq(databaseClusters.id, clusterId));
        return true;
      });
    },

    /** The advisories of the clusters, by cluster: missing indexes first, then settings, each by identifier. */
    async advisoriesOf(clusterIds: readonly number[]) {
      const rows = await db
        .select()
        .from(databaseClusterAdvisories)
        .where(inArray(databaseClusterAdvisories.clusterId, [...clusterIds]))
        .orderBy(asc(databaseClusterAdvisories.identifier));
      rows.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
      return groupBy(rows, (row) => row.clusterId);
    },

    /** Clusters named `namespace/name` (in any customer's namespace), or every cluster with the advisor on. */
    async clusters(named?: { namespace: string; name: string }): Promise<PlacedCluster[]> {
      const rows = await db
        .select({
          cluster: databaseClusters,
          namespace: namespaces.name,
          customerId: namespaces.customerId,
        })
        .from(databaseClusters)
        .innerJoin(namespaces, eq(namespaces.id, databaseClusters.namespaceId))
        .where(
          named
            ? and(eq(namespaces.name, named.namespace), eq(databaseClusters.name, named.name))
            : eq(databaseClusters.advisorEnabled, true),
        )
        .orderBy(asc(namespaces.customerId), asc(namespaces.name), asc(databaseClusters.name));
      return rows;
    },
  };
}

export type AdvisoryStore = ReturnType<typeof createAdvisoryStore>;
