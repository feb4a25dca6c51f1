import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { Environment } from '../environment.ts';

export type VerifiedClaims = JWTPayload & { sub: string; email?: string; name?: string };
export type TokenVerifier = (token: string) => Promise<VerifiedClaims>;

export class InvalidToken extends Error {}

/**
 * Verifies access tokens: signature against the issuer's JWKS, issuer, audience and expiry. The built-in
 * provider's keys are read locally; an external issuer (Keycloak) is discovered and its JWKS fetched and
 * cached by jose. Both go through the same jwtVerify call.
 */
export function createTokenVerifier(
  env: Environment,
  builtInKeys: JWK[],
): { issuer: string; verify: TokenVerifier } {
  const issuer = env.EXTERNAL_ISSUER?.replace(/\/$/, '') ?? `${env.PUBLIC_URL}/realms/${env.REALM}`;
  let keySet: ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet> | undefined =
    env.EXTERNAL_ISSUER ? undefined : createLocalJWKSet({ keys: builtInKeys });

  async function keys() {
    if (keySet) return keySet;
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`issuer discovery failed with HTTP ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
    keySet = createRemoteJWKSet(new URL(jwksUri));
    return keySet;
  }

  return {
    issuer,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await keys(), { issuer, audience: env.API_AUDIENCE });
        if (typeof payload.sub !== 'string' || payload.sub === '')
          throw new InvalidToken('token has no subject');
        return payload as VerifiedClaims;
      } catch (error) {
        throw error instanceof InvalidToken ? error : new InvalidToken((error as Error).message);
      }
    },
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
