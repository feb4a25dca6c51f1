import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Db } from '../db/client.ts';
import type { Environment } from '../environment.ts';
import type { AccountService } from '../modules/accounts/service.ts';
import { databaseAdapter } from './adapter.ts';
import type { TwoFactor } from '../modules/accounts/two-factor.ts';
import { errorPage, signedOutPage, signOutPage, themeOf } from './pages.ts';
import type { IdentitySecrets } from './secrets.ts';
import { SignInThrottled } from '../modules/accounts/throttled.ts';
import type { SessionService } from '../modules/sessions/service.ts';
import { recordSessionUses } from './session-uses.ts';
import { accountTokenClaims, KEYCLOAK_JWT_HEADER, keycloakTokenResponses } from './keycloak-facts.ts';

// The built-in identity provider: oidc-provider on the paths of a Keycloak realm, so the portal and
// existing clients work against it or against a real Keycloak with the same settings.

export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
} as const;

const OIDC_SCOPE = 'openid profile email';
/** Scopes access tokens for the platform API carry. */
const API_SCOPE = 'profile email';
const TTL = {
  session: 14 * 24 * 3600,
  refreshToken: 14 * 24 * 3600,
  interaction: 3600,
  authorizationCode: 60,
};

export interface IdentityProviderOptions {
  env: Environment;
  db: Db;
  secrets: IdentitySecrets;
  accounts: AccountService;
  twoFactor: TwoFactor;
  /** Where sign-ins and later uses of a session are recorded (the account page's sessions). */
  sessions: Pick<SessionService, 'used'>;
}

/** Keycloak's required action for setting up an authenticator app (`kc_action=CONFIGURE_TOTP`). */
export const CONFIGURE_TOTP = 'CONFIGURE_TOTP';

/**
 * oidc-provider's prompts plus `configure_totp`: an authorization request with kc_action=CONFIGURE_TOTP
 * stops at our set-up screen (after signing in, when there is no session) until the set-up is done.
 */
function interactions() {
  const { Prompt, Check, base } = interactionPolicy;
  const policy = base();
  policy.add(
    new Prompt(
      { name: 'configure_totp', requestable: false },
      new Check('kc_action', 'Two-factor set-up requested', (ctx) =>
        ctx.oidc.params?.kc_action === CONFIGURE_TOTP && !ctx.oidc.result?.configure_totp
          ? Check.REQUEST_PROMPT
          : Check.NO_NEED_TO_PROMPT,
      ),
    ),
  );
  return policy;
}

/** The theme the portal chose (its `berth_theme` cookie), for pages oidc-provider renders. */
const themeOfContext = (ctx: KoaContextWithOIDC) =>
  themeOf(ctx.cookies.get('berth_theme', { signed: false }));

export function realmPath(env: Environment) {
  return `/realms/${env.REALM}`;
}

export function createIdentityProvider({
  env,
  db,
  secrets,
  accounts,
  twoFactor,
  sessions,
}: IdentityProviderOptions) {
  const issuer = `${env.PUBLIC_URL}${realmPath(env)}`;
  const origins = [...new Set([env.PUBLIC_URL, env.PORTAL_DEV_URL])];
  // RFC 8707 wants an absolute URI as resource indicator; the tokens' audience stays API_AUDIENCE.
  const resource = `urn:berth:audience:${env.API_AUDIENCE}`;
  const resourceServer = {
    audience: env.API_AUDIENCE,
    scope: API_SCOPE,
    accessTokenFormat: 'jwt' as const,
    accessTokenTTL: env.ACCESS_TOKEN_TTL_SECONDS,
    jwt: { sign: { alg: 'RS256' as const } },
  };

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: env.PORTAL_CLIENT_ID,
        client_name: 'Berth portal',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.flatMap((origin) => [
          `${origin}/auth/callback`,
          `${origin}/auth/silent-callback`,
        ]),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
      {
        client_id: env.CLI_CLIENT_ID,
        client_name: 'Berth command line',
        token_endpoint_auth_method: 'none',
        grant_types: ['password', 'refresh_token'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys, long: { signed: true }, short: { signed: true } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    routes: KEYCLOAK_ROUTES,
    extraParams: ['screen', 'kc_action'],
    // PKCE with S256 for every public client; oidc-provider rejects `plain` itself.
    pkce: { required: () => true },
    ttl: {
      Session: TTL.session,
      Grant: TTL.session,
      Interaction: TTL.interaction,
      AuthorizationCode: TTL.authorizationCode,
      RefreshToken: TTL.refreshToken,
      IdToken: env.ACCESS_TOKEN_TTL_SECONDS,
      AccessToken: env.ACCESS_TOKEN_TTL_SECONDS,
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (_ctx, token) =>
      accountTokenClaims(
        env,
        token,
        'accountId' in token ? await accounts.findById(Number(token.accountId)) : undefined,
      ),
    formats: { customizers: { jwt: (_ctx, _token, jwt) => void (jwt.header = { ...KEYCLOAK_JWT_HEADER }) } },
    rotateRefreshToken: true,
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(Number(sub));
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: account.name,
          preferred_username: account.email,
          email: account.email,
          email_verified: false,
        }),
      };
    },
    // Our own clients need no consent screen: the grant is created on first sign-in.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(`${OIDC_SCOPE} offline_access`);
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    interactions: {
      policy: interactions(),
      url: (_ctx, interaction) => `${realmPath(env)}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = signOutPage(form, Boolean(ctx.oidc.params?.id_token_hint), themeOfContext(ctx));
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = signedOutPage(env.PUBLIC_URL, themeOfContext(ctx));
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        String(out.error_description ?? out.error ?? 'Unknown error'),
        env.PUBLIC_URL,
        themeOfContext(ctx),
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // Koa, like Fastify, reads the caller's address (the sign-in throttle's key) and the host and scheme of
  // discovery's endpoints from X-Forwarded-* only behind a proxy we are told to trust.
  provider.proxy = env.TRUST_PROXY;
  recordSessionUses(provider, sessions);

  keycloakTokenResponses(provider, KEYCLOAK_ROUTES.token, TTL.refreshToken);

  provider.registerGrantType(
    'password',
    async (ctx: KoaContextWithOIDC) => {
      const { client, params } = ctx.oidc;
      const username = typeof params?.username === 'string' ? params.username : '';
      const password = typeof params?.password === 'string' ? params.password : '';
      // With two-factor on, the code comes as `totp`, as Keycloak's direct grant takes it.
      const totp = typeof params?.totp === 'string' ? params.totp : '';
      if (!client || !username || !password)
        throw new errors.InvalidRequest('username and password are required');
      let account;
      try {
        account = await accounts.authenticate(username, password, ctx.ip);
        const secondFactorWrong =
          account &&
          (await twoFactor.isEnabled(account.id)) &&
          (await twoFactor.verify(account, totp, ctx.ip)) !== 'accepted';
        if (secondFactorWrong) account = null;
      } catch (error) {
        if (!(error instanceof SignInThrottled)) throw error;
        ctx.status = 429;
        ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = { error: 'invalid_grant', error_description: error.message };
        return;
      }
      if (!account) {
        ctx.status = 400;
        ctx.body = { error: 'invalid_grant', error_description: 'Invalid user credentials' };
        return;
      }
      const accountId = String(account.id);
      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(OIDC_SCOPE);
      grant.addResourceScope(resource, API_SCOPE);
      const grantId = await grant.save();

      const accessToken = new provider.AccessToken({
        accountId,
        client,
        grantId,
        gty: 'password',
        scope: API_SCOPE,
      });
      accessToken.resourceServer = new provider.ResourceServer(resource, resourceServer);
      const refreshToken = new provider.RefreshToken({
        accountId,
        client,
        grantId,
        gty: 'password',
        scope: OIDC_SCOPE,
        resource,
      });
      ctx.body = {
        access_token: await accessToken.save(),
        expires_in: accessToken.expiration,
        refresh_token: await refreshToken.save(),
        token_type: 'Bearer',
        scope: API_SCOPE,
      };
    },
    ['username', 'password', 'scope', 'totp'],
  );

  // The client-credentials grant of API keys signs its tokens itself (flows/client-credentials.ts).
  return { provider, issuer, signingKey: secrets.signingKey };
}

export type IdentityProvider = ReturnType<typeof createIdentityProvider>;
