import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { Environment } from '../../environment.ts';
import type { ApiKeys } from '../../modules/api-keys/service.ts';
import { API_KEY_CLAIM } from '../../modules/accounts/service.ts';
import { grantedScope, scopeText } from '../../modules/api-keys/token-scope.ts';
import { KEYCLOAK_JWT_HEADER, KEYCLOAK_TOKEN_TYPE, realmAccess } from '../keycloak-facts.ts';

// The client-credentials grant for API keys, as a Keycloak service account answers it: the key's client id
// and secret, in the form (client_secret_post) or in Basic authentication (client_secret_basic), give an
// access token that acts for the key's account. Handled here rather than by oidc-provider, whose clients
// would need their secrets kept as they are; we keep only hashes. The token is a JWT like the provider's
// own, signed with the same key, so the API's verifier takes it; it names the key (API_KEY_CLAIM) and each
// request with it checks that the key is still live. No refresh token: the client asks again.

export const CLIENT_CREDENTIALS = 'client_credentials';

type Credentials = { clientId: string; clientSecret: string };

/** RFC 6749 §2.3.1: Basic credentials are form-encoded before base64. Undefined when malformed. */
function basicCredentials(header: string): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const formDecode = (value: string) => decodeURIComponent(value.replaceAll('+', ' '));
  try {
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
    };
  } catch {
    return undefined;
  }
}

const field = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === 'string' ? body[name] : undefined;

export function clientCredentialsFlow(deps: {
  env: Environment;
  issuer: string;
  signingKey: JWK;
  apiKeys: ApiKeys;
}) {
  const { env, apiKeys } = deps;
  let privateKey: ReturnType<typeof importJWK> | undefined;
  const signingKey = () => (privateKey ??= importJWK(deps.signingKey, 'RS256'));

  /** The client's credentials, by exactly one method; otherwise the OAuth error to answer. */
  function credentialsOf(
    request: FastifyRequest<{ Body: Record<string, unknown> }>,
  ): Credentials | 'invalid_request' | 'invalid_client' {
    const header = request.headers.authorization;
    const posted = {
      clientId: field(request.body, 'client_id'),
      clientSecret: field(request.body, 'client_secret'),
    };
    if (header) {
      if (posted.clientSecret !== undefined) return 'invalid_request';
      const basic = basicCredentials(header);
      // A client_id in the form beside Basic credentials must name the same client.
      if (!basic || (posted.clientId !== undefined && posted.clientId !== basic.clientId))
        return 'invalid_client';
      return basic;
    }
    if (!posted.clientId || !posted.clientSecret) return 'invalid_client';
    return { clientId: posted.clientId, clientSecret: posted.clientSecret };
  }

  async function accessToken(
    key: { id: number; accountId: number; clientId: string; expiresAt: Date },
    scope: string,
  ) {
    const now = Math.floor(Date.now() / 1000);
    // Never beyond the key's own expiry (the API checks the key on every request anyway).
    const expires = Math.min(now + env.ACCESS_TOKEN_TTL_SECONDS, Math.floor(key.expiresAt.getTime() / 1000));
    // A Keycloak service account's token: no email and no session (`sid`).
    const token = await new SignJWT({
      typ: KEYCLOAK_TOKEN_TYPE,
      azp: key.clientId,
      client_id: key.clientId,
      preferred_username: `service-account-${key.clientId}`,
      realm_access: realmAccess(env),
      scope,
      [API_KEY_CLAIM]: key.id,
    })
      .setProtectedHeader({ alg: 'RS256', kid: deps.signingKey.kid, ...KEYCLOAK_JWT_HEADER })
      .setIssuer(deps.issuer)
      .setAudience(env.API_AUDIENCE)
      .setSubject(String(key.accountId))
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(expires)
      .sign(await signingKey());
    return { token, expiresIn: expires - now };
  }

  return async function clientCredentialsGrant(
    request: FastifyRequest<{ Body: Record<string, unknown> }>,
    reply: FastifyReply,
  ) {
    void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    const credentials = credentialsOf(request);
    if (credentials === 'invalid_request') {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: 'use one client authentication method: Basic or client_secret in the form',
      });
    }
    const key =
      typeof credentials === 'string'
        ? undefined
        : await apiKeys.authenticateClient(credentials.clientId, credentials.clientSecret);
    if (typeof credentials === 'string' || !key) {
      // RFC 6749 §5.2: a client that tried the Authorization header is told how to authenticate.
      if (request.headers.authorization) void reply.header('WWW-Authenticate', `Basic realm="${env.REALM}"`);
      return reply.code(401).send({
        error: 'invalid_client',
        error_description: 'Invalid client credentials, or the API key was revoked or has expired',
      });
    }
    const scope = grantedScope(key.scope, field(request.body, 'scope'));
    if (!scope) {
      return reply.code(400).send({
        error: 'invalid_scope',
        error_description: `this API key can have ${scopeText(key.scope)}`,
      });
    }
    const { token, expiresIn } = await accessToken(key, scopeText(scope));
    return reply.send({
      access_token: token,
      expires_in: expiresIn,
      refresh_expires_in: 0,
      token_type: 'Bearer',
      'not-before-policy': 0,
      scope: scopeText(scope),
    });
  };
}
