import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { customers, namespaces } from '../../db/schema.ts';

/** What a namespace holds, by kind. */
export interface Holdings {
  containers: number;
  jobs: number;
  registries: number;
  volumes: number;
  databaseClusters: number;
  messageQueues: number;
}

export type NamespaceRow = typeof namespaces.$inferSelect;

export function createNamespaceStore(db: Db) {
  return {
    listByCustomer(customerId: number) {
      return db
        .select()
        .from(namespaces)
        .where(eq(namespaces.customerId, customerId))
        .orderBy(asc(namespaces.name));
    },

    async findById(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(namespaces)
        .where(and(eq(namespaces.customerId, customerId), eq(namespaces.id, id)));
      return row;
    },

    async findByName(customerId: number, name: string) {
      const [row] = await db
        .select()
        .from(namespaces)
        .where(and(eq(namespaces.customerId, customerId), eq(namespaces.name, name)));
      return row;
    },

    /** The namespace, its row locked until the transaction ends: a delete waits for what is being added. */
    async findByNameForUpdate(customerId: number, name: string) {
      const [row] = await db
        .select()
        .from(namespaces)
        .where(and(eq(namespaces.customerId, customerId), eq(namespaces.name, name)))
        .for('update');
      return row;
    },

    /** How many containers, jobs, private registries and volumes the namespace holds, in one statement. */
    async holdings(id: number) {
      const [row] = await queryRows<Holdings>(
        db,
        sql`SELECT
          (SELECT count(*)::int FROM containers WHERE namespace_id = ${id}) AS containers,
          (SELECT count(*)::int FROM container_jobs WHERE namespace_id = ${id}) AS jobs,
          (SELECT count(*)::int FROM private_registries WHERE namespace_id = ${id}) AS registries,
          (SELECT count(*)::int FROM volumes WHERE namespace_id = ${id}) AS volumes,
          (SELECT count(*)::int FROM database_clusters WHERE namespace_id = ${id}) AS "databaseClusters",
          (SELECT count(*)::int FROM message_queues WHERE namespace_id = ${id}) AS "messageQueues"`,
      );
      return (
        row ?? { containers: 0, jobs: 0, registries: 0, volumes: 0, databaseClusters: 0, messageQueues: 0 }
      );
    },

    /** The customer's namespaces among ids, by id (another customer's are not there). */
    async findManyById(customerId: number, ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, NamespaceRow>();
      const rows = await db
        .select()
        .from(namespaces)
        .where(and(eq(namespaces.customerId, customerId), inArray(namespaces.id, [...ids])));
      return new Map(rows.map((row) => [row.id, row]));
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(namespaces).where(eq(namespaces.id, id));
      return row;
    },

    /** Serialises changes of one customer (e.g. the restricted customer's one-namespace rule). */
    async lockCustomer(customerId: number) {
      await db.execute(sql`SELECT id FROM ${customers} WHERE id = ${customerId} FOR UPDATE`);
    },

    async countByCustomer(customerId: number) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(namespaces)
        .where(eq(namespaces.customerId, customerId));
      return row?.count ?? 0;
    },

    async insert(values: { customerId: number; name: string; description: string; internalName: string }) {
      const [row] = await db
        .insert(namespaces)
        .values({ ...values, state: 'creating', locked: true })
        .returning();
      if (!row) throw new Error('namespace insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<Pick<NamespaceRow, 'state' | 'locked'>>) {
      const [row] = await db
        .update(namespaces)
        .set({ ...values, modifiedAt: new Date() })
        .where(eq(namespaces.id, id))
        .returning();
      return row;
    },

    async remove(id: number) {
      await db.delete(namespaces).where(eq(namespaces.id, id));
    },
  };
}
