import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { loadOrCreateSecret } from '../secrets/store.ts';

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

/** The public half of the signing key, as published at the certs endpoint. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}
