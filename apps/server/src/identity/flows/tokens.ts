import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, InvalidToken, type TokenVerifier } from '../../auth/verifier.ts';
import type { Environment } from '../../environment.ts';
import type { AccountService } from '../../modules/accounts/service.ts';
import type { ApiKeys } from '../../modules/api-keys/service.ts';
import { stringFields, type Fields } from '../interaction.ts';
import { KEYCLOAK_ROUTES, type IdentityProvider } from '../provider.ts';
import { CLIENT_CREDENTIALS, clientCredentialsFlow } from './client-credentials.ts';

// The token endpoint's UMA grant (permissions as Keycloak answers them) and client-credentials grant (API
// keys, client-credentials.ts), userinfo for our access tokens, and Keycloak's registration address. Every
// other grant goes to oidc-provider (`delegate`).

const UMA_GRANT = 'urn:ietf:params:oauth:grant-type:uma-ticket';
/** The token endpoint's fields we read ourselves (UMA); oidc-provider checks the rest of its grants. */
const TOKEN_FIELDS = ['grant_type', 'audience', 'response_mode'] as const;
type TokenForm = Partial<Fields<typeof TOKEN_FIELDS>>;

export function tokenFlow(deps: {
  env: Environment;
  base: string;
  accounts: AccountService;
  apiKeys: ApiKeys;
  identity: IdentityProvider;
  verify: TokenVerifier;
  /** Rate limit of the token endpoint (sign-ins, refreshes, permissions). */
  tokenRateLimit: object;
  /** Hands a request to oidc-provider. */
  delegate: (request: FastifyRequest, reply: FastifyReply) => unknown;
}) {
  const { env, base, accounts } = deps;
  const clientCredentialsGrant = clientCredentialsFlow({
    env,
    issuer: deps.identity.issuer,
    signingKey: deps.identity.signingKey,
    apiKeys: deps.apiKeys,
  });

  /** The account of the request's bearer token; undefined once a 401 saying why is sent. */
  async function accountOf(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      await reply.code(401).send({ error: 'invalid_grant', error_description: 'a bearer token is required' });
      return undefined;
    }
    try {
      const account = await accounts.resolveFromClaims(await deps.verify(token));
      if (!account)
        await reply.code(401).send({ error: 'invalid_token', error_description: 'unknown account' });
      return account;
    } catch (error) {
      if (!(error instanceof InvalidToken)) throw error;
      await reply
        .code(401)
        .send({ error: 'invalid_token', error_description: 'the token is invalid or expired' });
      return undefined;
    }
  }

  /** UMA permissions as Keycloak answers them with response_mode=permissions. */
  async function permissionsGrant(request: FastifyRequest<{ Body: TokenForm }>, reply: FastifyReply) {
    const account = await accountOf(request, reply);
    if (!account) return reply;
    const { audience, response_mode: mode } = request.body;
    if (audience !== env.API_AUDIENCE) {
      return reply
        .code(400)
        .send({ error: 'invalid_request', error_description: `unknown audience ${audience ?? ''}`.trim() });
    }
    const permissions = accounts.permissions(account);
    if (permissions.length === 0) {
      return reply.code(403).send({ error: 'access_denied', error_description: 'not_authorized' });
    }
    if (mode === 'decision') return reply.send({ result: true });
    if (mode !== 'permissions') {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: 'response_mode must be permissions or decision',
      });
    }
    return reply.send(permissions);
  }

  // Userinfo answers for the JWT access tokens the API accepts, as Keycloak's does.
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = await accountOf(request, reply);
    if (!account) return reply;
    return reply.send({
      sub: String(account.id),
      name: account.name,
      preferred_username: account.email,
      email: account.email,
      email_verified: false,
    });
  };

  return {
    /** The token endpoint, among the forms (it reads a form body). */
    forms(forms: FastifyInstance) {
      forms.post<{ Body: TokenForm }>(
        `${base}${KEYCLOAK_ROUTES.token}`,
        {
          config: { rateLimit: deps.tokenRateLimit },
          schema: { body: stringFields(TOKEN_FIELDS, { required: false }) },
          // Clients of the token endpoint read OAuth errors, malformed requests included.
          errorHandler: (error, _request, reply) => {
            if (!error.statusCode || error.statusCode >= 500) throw error;
            return reply
              .code(error.statusCode)
              .send({ error: 'invalid_request', error_description: error.message });
          },
        },
        async (request, reply) => {
          if (request.body.grant_type === UMA_GRANT) return permissionsGrant(request, reply);
          if (request.body.grant_type === CLIENT_CREDENTIALS) return clientCredentialsGrant(request, reply);
          return deps.delegate(request, reply);
        },
      );
    },

    routes(app: FastifyInstance) {
      app.get(`${base}${KEYCLOAK_ROUTES.userinfo}`, userinfo);
      app.post(`${base}${KEYCLOAK_ROUTES.userinfo}`, userinfo);
      // Registration takes the query of `auth` and shows the sign-up form.
      app.get(`${base}/protocol/openid-connect/registrations`, async (request, reply) => {
        const query = new URLSearchParams(request.query as Record<string, string>);
        query.set('screen', 'register');
        return reply.redirect(`${base}${KEYCLOAK_ROUTES.authorization}?${query.toString()}`, 303);
      });
    },
  };
}
