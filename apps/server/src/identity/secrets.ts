import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identitySecrets } from '../db/schema.ts';

export interface IdentitySecrets {
  signingKey: JWK;
  cookieKeys: string[];
}

// Created once, then read from the database at every start: restarts and other processes sign and
// verify with the same keys, so no token or session is invalidated.
export async function loadIdentitySecrets(db: Db): Promise<IdentitySecrets> {
  const signing = await loadOrCreateSecret(db, 'signing-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
  });
  const cookies = await loadOrCreateSecret(db, 'cookie-keys', async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  return { signingKey: signing as JWK, cookieKeys: cookies.keys as string[] };
}

/** The material stored under id in identity_secrets, created by create() on first use. */
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

/** The public half of the signing key, as published at the certs endpoint. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}
