import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/** The name of a private registry (its module owns the table; workloads only show the name). */
export async function registryName(db: Db, id: number) {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM private_registries WHERE id = ${id}`,
  );
  return rows[0]?.name;
}
