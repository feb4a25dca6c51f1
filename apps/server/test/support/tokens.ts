import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { Db } from '../../src/db/client.ts';
import { identitySecrets } from '../../src/db/schema.ts';

export interface AccessTokenClaims {
  sub: string;
  iss: string;
  aud: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** The built-in provider's private signing key, as stored in the database. */
export async function serverSigningKey(db: Db): Promise<JWK> {
  const [row] = await db.select().from(identitySecrets).where(eq(identitySecrets.id, 'signing-key'));
  if (!row) throw new Error('the server has no signing key');
  return row.material as JWK;
}

/** Signs an access token with the given private JWK (the server's own, or a forger's). */
export async function signAccessToken(jwk: JWK, claims: AccessTokenClaims): Promise<string> {
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT({ scope: 'profile email' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject(claims.sub)
    .setIssuer(claims.iss)
    .setAudience(claims.aud)
    .setIssuedAt(claims.exp - 300)
    .setExpirationTime(claims.exp)
    .sign(key);
}

/** A key pair nobody trusts, with the kid of the real one so only the signature differs. */
export async function forgerKey(kid: string | undefined): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
