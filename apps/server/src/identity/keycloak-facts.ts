import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Environment } from '../environment.ts';
import { tokenSession } from './session-uses.ts';

// What clients written for Keycloak read in its access tokens and token responses, so that they work
// against the built-in provider unchanged: the header's `typ` JWT; `azp`, `preferred_username`, `email`
// and `realm_access` in the claims; `session_state`, `not-before-policy` and `refresh_expires_in` in the
// answer. The provider's own tokens (provider.ts) and the API keys' (flows/client-credentials.ts) share them.

/** Keycloak's `typ` in the header and the claims of its access tokens. */
export const KEYCLOAK_JWT_HEADER = { typ: 'JWT' } as const;
export const KEYCLOAK_TOKEN_TYPE = 'Bearer';

/**
 * The roles every account of a new Keycloak realm holds (through the realm's default role, named after
 * the realm in lower case). Berth has no roles of its own: permissions come from UMA.
 */
export function realmAccess(env: Pick<Environment, 'REALM'>) {
  return {
    roles: [`default-roles-${env.REALM.toLowerCase()}`, 'offline_access', 'uma_authorization'],
  };
}

/** The claims an account's access token carries besides oidc-provider's, as Keycloak's do. */
export function accountTokenClaims(
  env: Pick<Environment, 'REALM'>,
  token: { clientId?: string; sessionUid?: string },
  account: { email: string } | undefined,
) {
  return {
    typ: KEYCLOAK_TOKEN_TYPE,
    azp: token.clientId,
    ...(account ? { preferred_username: account.email, email: account.email } : {}),
    realm_access: realmAccess(env),
    // The session the token was issued in: a password change keeps that one signed in.
    ...(token.sessionUid ? { sid: token.sessionUid } : {}),
  };
}

/** Adds Keycloak's fields to oidc-provider's successful token answers (all grants but our own). */
export function keycloakTokenResponses(provider: Provider, tokenPath: string, refreshTtl: number) {
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.path !== tokenPath || ctx.status !== 200 || !body || typeof body !== 'object') return;
    if (body.refresh_token) body.refresh_expires_in = refreshTtl;
    const session = tokenSession(ctx as KoaContextWithOIDC);
    if (session) body.session_state = session.sessionUid;
    body['not-before-policy'] = 0;
  });
}
