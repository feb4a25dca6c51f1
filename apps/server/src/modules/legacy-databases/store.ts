import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { legacyCloudDatabases } from '../../db/schema.ts';

export type LegacyDatabaseRow = typeof legacyCloudDatabases.$inferSelect;

export function createLegacyDatabaseStore(db: Db) {
  return {
    listByCustomer(customerId: number) {
      return db
        .select()
        .from(legacyCloudDatabases)
        .where(eq(legacyCloudDatabases.customerId, customerId))
        .orderBy(asc(legacyCloudDatabases.name), asc(legacyCloudDatabases.id));
    },

    /** The customer's database; another customer's is not there. */
    async findById(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(legacyCloudDatabases)
        .where(and(eq(legacyCloudDatabases.id, id), eq(legacyCloudDatabases.customerId, customerId)));
      return row;
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(legacyCloudDatabases).where(eq(legacyCloudDatabases.id, id));
      return row;
    },

    async insert(values: Omit<typeof legacyCloudDatabases.$inferInsert, 'id' | 'state' | 'locked'>) {
      const [row] = await db
        .insert(legacyCloudDatabases)
        .values({ ...values, state: 'creating', locked: true })
        .returning();
      if (!row) throw new Error('cloud database insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<Pick<LegacyDatabaseRow, 'state' | 'locked' | 'hostname'>>) {
      await db.update(legacyCloudDatabases).set(values).where(eq(legacyCloudDatabases.id, id));
    },
  };
}
