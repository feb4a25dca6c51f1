import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { groupBy } from '../../batching.ts';
import type { Db } from '../../db/client.ts';
import {
  databaseClusterAdvisories,
  databaseClusterDatabases,
  databaseClusterUsers,
  databaseClusters,
  namespaces,
} from '../../db/schema.ts';

export type ClusterRow = typeof databaseClusters.$inferSelect;
export type ClusterDatabaseRow = typeof databaseClusterDatabases.$inferSelect;
export type ClusterUserRow = typeof databaseClusterUsers.$inferSelect;

const ownedBy = (customerId: number) =>
  sql`${databaseClusters.namespaceId} IN (SELECT id FROM ${namespaces} WHERE customer_id = ${customerId})`;

export function createClusterStore(db: Db) {
  const byName = (namespaceId: number, name: string) =>
    and(eq(databaseClusters.namespaceId, namespaceId), eq(databaseClusters.name, name));

  return {
    listByCustomer(customerId: number) {
      return db
        .select()
        .from(databaseClusters)
        .where(ownedBy(customerId))
        .orderBy(asc(databaseClusters.name), asc(databaseClusters.id));
    },

    listByNamespaces(namespaceIds: readonly number[]) {
      return db
        .select()
        .from(databaseClusters)
        .where(inArray(databaseClusters.namespaceId, [...namespaceIds]))
        .orderBy(asc(databaseClusters.name));
    },

    /** The customer's cluster by id; another customer's is not there. */
    async findById(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(databaseClusters)
        .where(and(eq(databaseClusters.id, id), ownedBy(customerId)));
      return row;
    },

    async findByName(namespaceId: number, name: string) {
      const [row] = await db.select().from(databaseClusters).where(byName(namespaceId, name));
      return row;
    },

    /** The cluster, its row locked until the transaction ends (one change of a cluster at a time). */
    async findByNameForUpdate(namespaceId: number, name: string) {
      const [row] = await db.select().from(databaseClusters).where(byName(namespaceId, name)).for('update');
      return row;
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(databaseClusters).where(eq(databaseClusters.id, id));
      return row;
    },

    async insert(values: Pick<ClusterRow, 'namespaceId' | 'name' | 'engine' | 'version' | 'planId'>) {
      const [row] = await db
        .insert(databaseClusters)
        // Unpaid until a subscription to its plan says otherwise (billing's fulfilment).
        .values({
          ...values,
          hostname: '',
          port: 0,
          namePrefix: '',
          state: 'creating',
          locked: true,
          unpaidSince: new Date(),
        })
        .returning();
      if (!row) throw new Error('database cluster insert returned nothing');
      return row;
    },

    async update(
      id: number,
      values: Partial<
        Pick<
          ClusterRow,
          'state' | 'locked' | 'hostname' | 'port' | 'namePrefix' | 'planId' | 'unpaidSince' | 'stoppedUnpaid'
        >
      >,
    ) {
      const [row] = await db
        .update(databaseClusters)
        .set({ ...values, modifiedAt: new Date() })
        .where(eq(databaseClusters.id, id))
        .returning();
      if (!row) throw new Error(`database cluster ${id} vanished`);
      return row;
    },

    /** Running clusters unpaid since before `before` and not stopped for it yet. */
    async unpaidSince(before: Date) {
      return db
        .select()
        .from(databaseClusters)
        .where(
          and(
            lt(databaseClusters.unpaidSince, before),
            eq(databaseClusters.stoppedUnpaid, false),
            eq(databaseClusters.state, 'running'),
            eq(databaseClusters.locked, false),
          ),
        );
    },

    /** The cluster by id, its row locked until the transaction ends. */
    async findByIdForUpdate(id: number) {
      const [row] = await db.select().from(databaseClusters).where(eq(databaseClusters.id, id)).for('update');
      return row;
    },

    /** The customer's cluster of this id, its row locked until the transaction ends; another's: undefined. */
    async findOwnedForUpdate(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(databaseClusters)
        .where(and(eq(databaseClusters.id, id), ownedBy(customerId)))
        .for('update');
      return row;
    },

    async remove(id: number) {
      await db.delete(databaseClusters).where(eq(databaseClusters.id, id));
    },

    /**
     * Turns the cluster's advisor on, its first analysis due at once (the next round of the advisor's timer),
     * or off, forgetting its analysis and what it found. Unchanged when it already is so. In the caller's
     * transaction, on the cluster's locked row; answers the row as it is now.
     */
    async switchAdvisor(cluster: ClusterRow, enabled: boolean): Promise<ClusterRow> {
      if (cluster.advisorEnabled === enabled) return cluster;
      const now = new Date();
      if (!enabled) {
        await db.delete(databaseClusterAdvisories).where(eq(databaseClusterAdvisories.clusterId, cluster.id));
      }
      const [row] = await db
        .update(databaseClusters)
        .set({
          advisorEnabled: enabled,
          advisorDueAt: enabled ? now : null,
          advisorAnalysedAt: null,
          modifiedAt: now,
        })
        .where(eq(databaseClusters.id, cluster.id))
        .returning();
      if (!row) throw new Error(`database cluster ${cluster.id} vanished`);
      return row;
    },

    /** Databases of the clusters, by cluster, ordered by name. */
    async databasesOf(clusterIds: readonly number[]) {
      const rows = await db
        .select()
        .from(databaseClusterDatabases)
        .where(inArray(databaseClusterDatabases.clusterId, [...clusterIds]))
        .orderBy(asc(databaseClusterDatabases.name));
      return groupBy(rows, (row) => row.clusterId);
    },

    /** Users of the clusters, by cluster: the admin first, then by name. */
    async usersOf(clusterIds: readonly number[]) {
      const rows = await db
        .select()
        .from(databaseClusterUsers)
        .where(inArray(databaseClusterUsers.clusterId, [...clusterIds]))
        .orderBy(asc(databaseClusterUsers.role), asc(databaseClusterUsers.name));
      return groupBy(rows, (row) => row.clusterId);
    },

    async insertDatabases(rows: (typeof databaseClusterDatabases.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(databaseClusterDatabases).values(rows);
    },

    async updateDatabase(id: number, values: Partial<Pick<ClusterDatabaseRow, 'description' | 'status'>>) {
      await db.update(databaseClusterDatabases).set(values).where(eq(databaseClusterDatabases.id, id));
    },

    async insertUsers(rows: (typeof databaseClusterUsers.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(databaseClusterUsers).values(rows);
    },

    async updateUser(
      id: number,
      values: Partial<Pick<ClusterUserRow, 'passwordEncrypted' | 'permissions' | 'status'>>,
    ) {
      await db.update(databaseClusterUsers).set(values).where(eq(databaseClusterUsers.id, id));
    },

    /** After the driver applied the cluster: what was being removed is gone, the rest is ready. */
    async settleChildren(clusterId: number) {
      await db
        .delete(databaseClusterDatabases)
        .where(
          and(
            eq(databaseClusterDatabases.clusterId, clusterId),
            eq(databaseClusterDatabases.status, 'deleting'),
          ),
        );
      await db
        .delete(databaseClusterUsers)
        .where(
          and(eq(databaseClusterUsers.clusterId, clusterId), eq(databaseClusterUsers.status, 'deleting')),
        );
      await db
        .update(databaseClusterDatabases)
        .set({ status: 'ready' })
        .where(eq(databaseClusterDatabases.clusterId, clusterId));
      await db
        .update(databaseClusterUsers)
        .set({ status: 'ready' })
        .where(eq(databaseClusterUsers.clusterId, clusterId));
    },
  };
}

export type ClusterStore = ReturnType<typeof createClusterStore>;
