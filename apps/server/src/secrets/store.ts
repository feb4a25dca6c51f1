import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identitySecrets } from '../db/schema.ts';

// The deployment's own stored secrets (table identity_secrets): the identity provider's signing and cookie
// keys, and the secret box's key when SECRETS_KEY is not set. Each is created once, then read at every
// start, so restarts and other processes use the same.

/** The material stored under id, created by create() on first use. */
export async function loadOrCreateSecret(db: Db, id: string, create: () => Promise<Record<string, unknown>>) {
  const existing = await db.select().from(identitySecrets).where(eq(identitySecrets.id, id));
  if (existing[0]) return existing[0].material;
  // Two processes starting together: the first insert wins and both read it back.
  await db
    .insert(identitySecrets)
    .values({ id, kind: id, material: await create() })
    .onConflictDoNothing();
  const [row] = await db.select().from(identitySecrets).where(eq(identitySecrets.id, id));
  if (!row) throw new Error(`identity secret ${id} could not be stored`);
  return row.material;
}
