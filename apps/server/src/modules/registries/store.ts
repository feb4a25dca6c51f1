import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { privateRegistries } from '../../db/schema.ts';

export type RegistryRow = typeof privateRegistries.$inferSelect;

export function createRegistryStore(db: Db) {
  return {
    /** Registries by id (containers and jobs pull through them by id). */
    async byIds(ids: number[]) {
      if (ids.length === 0) return new Map<number, RegistryRow>();
      const rows = await db.select().from(privateRegistries).where(inArray(privateRegistries.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    },

    listByNamespaces(namespaceIds: readonly number[]) {
      return db
        .select()
        .from(privateRegistries)
        .where(inArray(privateRegistries.namespaceId, [...namespaceIds]))
        .orderBy(asc(privateRegistries.name));
    },

    async findByName(namespaceId: number, name: string) {
      const [row] = await db
        .select()
        .from(privateRegistries)
        .where(and(eq(privateRegistries.namespaceId, namespaceId), eq(privateRegistries.name, name)));
      return row;
    },

    /**
     * The registry, its row locked until the transaction ends: a delete and a container starting to use
     * the registry take turns, so the delete's in-use check never misses a new user.
     */
    async findByNameForUpdate(namespaceId: number, name: string) {
      const [row] = await db
        .select()
        .from(privateRegistries)
        .where(and(eq(privateRegistries.namespaceId, namespaceId), eq(privateRegistries.name, name)))
        .for('update');
      return row;
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(privateRegistries).where(eq(privateRegistries.id, id));
      return row;
    },

    async insert(values: {
      namespaceId: number;
      name: string;
      source: string;
      username: string;
      passwordEncrypted: string;
    }) {
      const [row] = await db
        .insert(privateRegistries)
        .values({ ...values, state: 'creating', locked: true })
        .returning();
      if (!row) throw new Error('registry insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<Pick<RegistryRow, 'state' | 'locked'>>) {
      const [row] = await db
        .update(privateRegistries)
        .set({ ...values, modifiedAt: new Date() })
        .where(eq(privateRegistries.id, id))
        .returning();
      return row;
    },

    async remove(id: number) {
      await db.delete(privateRegistries).where(eq(privateRegistries.id, id));
    },

    /** What pulls its image through this registry, e.g. `container web`, `container job backup`. */
    async usedBy(id: number): Promise<string[]> {
      const rows = await queryRows<{ kind: string; name: string }>(
        db,
        sql`SELECT 'container' AS kind, name FROM containers WHERE registry_id = ${id}
            UNION ALL SELECT 'container job' AS kind, name FROM container_jobs WHERE registry_id = ${id}
            ORDER BY kind, name`,
      );
      return rows.map((row) => `${row.kind} ${row.name}`);
    },
  };
}
