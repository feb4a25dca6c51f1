import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from 'oidc-provider';
import type { Environment } from '../environment.ts';
import { bearerToken, InvalidToken, type TokenVerifier } from '../auth/verifier.ts';
import type { AccountService } from '../modules/accounts/service.ts';
import { registrationSchema } from '../modules/accounts/service.ts';
import { DomainError } from '../errors.ts';
import { KEYCLOAK_ROUTES, realmPath, type IdentityProvider } from './provider.ts';
import QRCode from 'qrcode';
import type { TwoFactor } from '../modules/accounts/two-factor.ts';
import {
  errorPage,
  recoveryCodesPage,
  secondFactorPage,
  signInPage,
  signUpPage,
  themeOf,
  twoFactorSetupPage,
  type SignUpValues,
  type Theme,
} from './pages.ts';
import { SignInThrottled } from './throttle.ts';

const UMA_GRANT = 'urn:ietf:params:oauth:grant-type:uma-ticket';

// Request bodies are checked by Fastify before a handler runs: a missing, non-object or mistyped body is
// a 400 naming the problem. Values within (an empty or too short field) are the handlers' to judge.
const SIGN_IN_FIELDS = ['email', 'password'] as const;
const SIGN_UP_FIELDS = ['name', 'email', 'password', 'passwordConfirm'] as const;
const CODE_FIELDS = ['code'] as const;
/** The token endpoint's fields we read ourselves (UMA); oidc-provider checks the rest of its grants. */
const TOKEN_FIELDS = ['grant_type', 'audience', 'response_mode'] as const;
type Fields<Names extends readonly string[]> = Record<Names[number], string>;
type TokenForm = Partial<Fields<typeof TOKEN_FIELDS>>;
type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * An interaction route reached without the state it needs (no or another interaction's cookie, an expired
 * interaction, a step of another prompt): a 400 page saying so, instead of a failure of ours.
 */
class InteractionStateMissing extends Error {}
const EXPIRED =
  'This sign-in has expired or was started in another browser. Go back to Berth and sign in again.';
const OTHER_STEP = 'This page is not part of this sign-in. Go back to Berth and start again.';
const PASSWORD_FIRST = 'Enter your email and password first.';
const CONFIRM_FIRST = 'Enter the code your app shows to turn on two-factor authentication first.';

/** An object whose listed fields are strings; the sign-in pages always send all of theirs. */
const stringFields = (fields: readonly string[], { required }: { required: boolean }) => ({
  type: 'object',
  required: required ? fields : [],
  properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])),
});

interface Deps {
  env: Environment;
  identity: IdentityProvider;
  accounts: AccountService;
  twoFactor: TwoFactor;
  verify: TokenVerifier;
  /** Rate limit of the token endpoint (sign-ins, refreshes, permissions). */
  tokenRateLimit: object;
}

/** Mounts the identity provider at /realms/{realm}: our sign-in pages, UMA and userinfo, then oidc-provider. */
export async function identityRoutes(
  app: FastifyInstance,
  { env, identity, accounts, twoFactor, verify, tokenRateLimit }: Deps,
) {
  const base = realmPath(env);
  const { provider } = identity;
  const callback = provider.callback();

  /** Hands the raw request to oidc-provider, with the security headers already set on the reply. */
  function delegate(request: FastifyRequest, reply: FastifyReply) {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    // oidc-provider routes on the path below the realm and reads the mount path from originalUrl.
    Object.assign(request.raw, { originalUrl: request.raw.url });
    request.raw.url = request.raw.url?.slice(base.length) || '/';
    if (request.body !== undefined) Object.assign(request.raw, { body: request.body });
    reply.hijack();
    return callback(request.raw, reply.raw);
  }

  /** What an interaction remembers between our forms (kept in its `result` until it finishes). */
  interface Progress {
    /** The password was right; the account's second factor is still to come. */
    passwordVerified?: { accountId: number };
    /** The set-up of an authenticator app was confirmed with a code in this interaction. */
    totpConfirmed?: boolean;
  }
  type Interaction = Awaited<ReturnType<typeof provider.interactionDetails>>;

  /** The interaction of the URL's uid, at the prompt the route serves (any when none is given). */
  async function interactionAt(
    request: InteractionRequest,
    reply: FastifyReply,
    prompt?: 'login' | 'configure_totp',
  ): Promise<Interaction> {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch((error: unknown) => {
      throw error instanceof errors.SessionNotFound ? new InteractionStateMissing(EXPIRED) : error;
    });
    if (details.uid !== request.params.uid) throw new InteractionStateMissing(EXPIRED);
    if (prompt && details.prompt.name !== prompt) throw new InteractionStateMissing(OTHER_STEP);
    return details;
  }
  const progressOf = (details: Interaction) => (details.result ?? {}) as Progress;
  async function remember(details: Interaction, progress: Progress) {
    details.result = { ...details.result, ...progress };
    await details.save(details.exp - Math.floor(Date.now() / 1000));
  }

  /** Ends an interaction with the account signed in (oidc-provider redirects back to the client). */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, accountId: number) {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: String(accountId) } },
      { mergeWithLastSubmission: false },
    );
  }

  /** The signed-in account of a set-up interaction (kc_action=CONFIGURE_TOTP runs after sign-in). */
  async function sessionAccount(details: Interaction) {
    const id = Number(details.session?.accountId);
    const account = Number.isInteger(id) ? await accounts.findById(id) : undefined;
    // The account went away since it signed in.
    if (!account) throw new InteractionStateMissing(EXPIRED);
    return account;
  }

  async function renderSetup(request: FastifyRequest, details: Interaction, error?: string) {
    const account = await sessionAccount(details);
    const { secret, uri } = await twoFactor.pendingSetup(account);
    return twoFactorSetupPage({
      action: `${base}/interaction/${details.uid}/totp`,
      qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }),
      secret,
      replacing: await twoFactor.isEnabled(account.id),
      error,
      theme: themeOfRequest(request),
    });
  }

  // Our own forms: sign-in (with its second factor), sign-up, two-factor set-up, and the permissions (UMA) grant.
  await app.register(async (forms) => {
    await forms.register(formBody);
    forms.setErrorHandler((error, request, reply) => {
      if (!(error instanceof InteractionStateMissing)) throw error;
      return reply
        .code(400)
        .type('text/html')
        .send(errorPage(error.message, env.PUBLIC_URL, themeOfRequest(request)));
    });

    forms.get<{ Params: { uid: string }; Querystring: { screen?: string } }>(
      `${base}/interaction/:uid`,
      async (request, reply) => {
        const details = await interactionAt(request, reply);
        if (details.prompt.name === 'configure_totp')
          return reply.type('text/html').send(await renderSetup(request, details));
        const screen = request.query.screen ?? details.params.screen;
        return reply
          .type('text/html')
          .send(
            screen === 'register' ? renderSignUp(request, details.uid) : renderSignIn(request, details.uid),
          );
      },
    );

    forms.post<{ Params: { uid: string }; Body: Fields<typeof CODE_FIELDS> }>(
      `${base}/interaction/:uid/second-factor`,
      { schema: { body: stringFields(CODE_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactionAt(request, reply, 'login');
        const pending = progressOf(details).passwordVerified;
        const account = pending ? await accounts.findById(pending.accountId) : undefined;
        if (!account)
          return reply
            .code(400)
            .type('text/html')
            .send(renderSignIn(request, details.uid, undefined, PASSWORD_FIRST));
        const again = (status: number, error: string) =>
          reply
            .code(status)
            .type('text/html')
            .send(secondFactorPage({ ...secondFactor(request, details), error }));
        try {
          if (!(await twoFactor.verify(account, request.body.code, request.ip)))
            return again(401, 'That code is not right. Try the current code from your app.');
        } catch (error) {
          if (!(error instanceof SignInThrottled)) throw error;
          void reply.header('Retry-After', String(error.retryAfterSeconds));
          return again(429, error.message);
        }
        await signedIn(request, reply, account.id);
      },
    );

    forms.post<{ Params: { uid: string }; Body: Fields<typeof CODE_FIELDS> }>(
      `${base}/interaction/:uid/totp`,
      { schema: { body: stringFields(CODE_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactionAt(request, reply, 'configure_totp');
        const account = await sessionAccount(details);
        const codes = await twoFactor.confirmSetup(account, request.body.code);
        if (!codes)
          return reply
            .code(400)
            .type('text/html')
            .send(
              await renderSetup(
                request,
                details,
                'That code is not right. Enter the code your app shows now.',
              ),
            );
        await remember(details, { totpConfirmed: true });
        return reply.type('text/html').send(
          recoveryCodesPage({
            action: `${base}/interaction/${details.uid}/totp/done`,
            codes,
            theme: themeOfRequest(request),
          }),
        );
      },
    );

    forms.post<{ Params: { uid: string } }>(`${base}/interaction/:uid/totp/done`, async (request, reply) => {
      const details = await interactionAt(request, reply, 'configure_totp');
      if (!progressOf(details).totpConfirmed)
        return reply
          .code(400)
          .type('text/html')
          .send(await renderSetup(request, details, CONFIRM_FIRST));
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { configure_totp: { done: true } },
        { mergeWithLastSubmission: true },
      );
    });

    forms.post<{ Params: { uid: string }; Body: Fields<typeof SIGN_IN_FIELDS> }>(
      `${base}/interaction/:uid/login`,
      { schema: { body: stringFields(SIGN_IN_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactionAt(request, reply, 'login');
        const email = request.body.email.trim();
        const { password } = request.body;
        if (!email || !password) {
          return reply
            .code(400)
            .type('text/html')
            .send(renderSignIn(request, details.uid, email, 'Enter your email and password.'));
        }
        try {
          const account = await accounts.authenticate(email, password, request.ip);
          if (!account) {
            return reply
              .code(401)
              .type('text/html')
              .send(renderSignIn(request, details.uid, email, 'Invalid email or password.'));
          }
          if (await twoFactor.isEnabled(account.id)) {
            await remember(details, { passwordVerified: { accountId: account.id } });
            return reply.type('text/html').send(secondFactorPage(secondFactor(request, details)));
          }
          await signedIn(request, reply, account.id);
        } catch (error) {
          if (!(error instanceof SignInThrottled)) throw error;
          return reply
            .code(429)
            .header('Retry-After', String(error.retryAfterSeconds))
            .type('text/html')
            .send(renderSignIn(request, details.uid, email, error.message));
        }
      },
    );

    forms.post<{ Params: { uid: string }; Body: Fields<typeof SIGN_UP_FIELDS> }>(
      `${base}/interaction/:uid/register`,
      { schema: { body: stringFields(SIGN_UP_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactionAt(request, reply, 'login');
        const values = { name: request.body.name, email: request.body.email.trim() };
        const { password } = request.body;
        const errors: Record<string, string> = {};
        const parsed = registrationSchema.safeParse({ ...values, password });
        for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
        if (password !== request.body.passwordConfirm) errors.passwordConfirm = 'Passwords do not match';
        if (Object.keys(errors).length === 0) {
          try {
            const accountId = await accounts.create({ ...values, password });
            await signedIn(request, reply, accountId);
            return;
          } catch (error) {
            if (!(error instanceof DomainError) || !error.field) throw error;
            errors[error.field] = error.message;
          }
        }
        return reply
          .code(400)
          .type('text/html')
          .send(renderSignUp(request, details.uid, values, errors));
      },
    );

    forms.post<{ Body: TokenForm }>(
      `${base}${KEYCLOAK_ROUTES.token}`,
      {
        config: { rateLimit: tokenRateLimit },
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
        if (request.body.grant_type !== UMA_GRANT) return delegate(request, reply);
        return permissionsGrant(request, reply);
      },
    );
  });

  function renderSignIn(request: FastifyRequest, uid: string, email?: string, error?: string) {
    return signInPage({
      action: `${base}/interaction/${uid}/login`,
      registerUrl: `${base}/interaction/${uid}?screen=register`,
      email,
      error,
      theme: themeOfRequest(request),
    });
  }

  function renderSignUp(
    request: FastifyRequest,
    uid: string,
    values?: SignUpValues,
    errors?: Record<string, string>,
  ) {
    return signUpPage({
      action: `${base}/interaction/${uid}/register`,
      signInUrl: `${base}/interaction/${uid}?screen=login`,
      values,
      errors,
      theme: themeOfRequest(request),
    });
  }

  const secondFactor = (request: FastifyRequest, details: Interaction) => ({
    action: `${base}/interaction/${details.uid}/second-factor`,
    theme: themeOfRequest(request),
  });

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

  async function accountOf(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      await reply.code(401).send({ error: 'invalid_grant', error_description: 'a bearer token is required' });
      return undefined;
    }
    try {
      const account = await accounts.resolveFromClaims(await verify(token));
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
  app.get(`${base}${KEYCLOAK_ROUTES.userinfo}`, userinfo);
  app.post(`${base}${KEYCLOAK_ROUTES.userinfo}`, userinfo);

  // Registration takes the query of `auth` and shows the sign-up form.
  app.get(`${base}/protocol/openid-connect/registrations`, async (request, reply) => {
    const query = new URLSearchParams(request.query as Record<string, string>);
    query.set('screen', 'register');
    return reply.redirect(`${base}${KEYCLOAK_ROUTES.authorization}?${query.toString()}`, 303);
  });

  // Everything else belongs to oidc-provider, which reads its own request bodies.
  await app.register(async (oidc) => {
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    oidc.all(`${base}/*`, delegate);
  });
}

/** The theme the portal chose, from its `berth_theme` cookie (see pages.ts). */
function themeOfRequest(request: FastifyRequest): Theme {
  return themeOf(/(?:^|;\s*)berth_theme=([^;]*)/.exec(request.headers.cookie ?? '')?.[1]);
}
