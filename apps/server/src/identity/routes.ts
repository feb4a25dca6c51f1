import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenVerifier } from '../auth/verifier.ts';
import type { Environment } from '../environment.ts';
import type { AccountService } from '../modules/accounts/service.ts';
import type { ApiKeys } from '../modules/api-keys/service.ts';
import type { TwoFactor } from '../modules/accounts/two-factor.ts';
import type { EmailConfirmation } from './email-confirmation.ts';
import { confirmEmailFlow } from './flows/confirm-email.ts';
import { signInFlow } from './flows/sign-in.ts';
import { resetPasswordFlow } from './flows/reset-password.ts';
import { signUpFlow } from './flows/sign-up.ts';
import { tokenFlow } from './flows/tokens.ts';
import { twoFactorSetupFlow } from './flows/two-factor-setup.ts';
import { createInteractions, InteractionStateMissing, themeOfRequest } from './interaction.ts';
import { errorPage } from './pages.ts';
import type { PasswordReset } from './password-reset.ts';
import { realmPath, type IdentityProvider } from './provider.ts';

interface Deps {
  env: Environment;
  identity: IdentityProvider;
  accounts: AccountService;
  apiKeys: ApiKeys;
  twoFactor: TwoFactor;
  verify: TokenVerifier;
  passwordReset: PasswordReset;
  emailConfirmation: EmailConfirmation;
  /** Rate limit of the token endpoint (sign-ins, refreshes, permissions). */
  tokenRateLimit: object;
}

/**
 * Mounts the identity provider at /realms/{realm}: our sign-in pages (one flow per file in flows/), UMA and
 * userinfo, then oidc-provider for the rest.
 */
export async function identityRoutes(app: FastifyInstance, deps: Deps) {
  const { env, identity } = deps;
  const base = realmPath(env);
  const callback = identity.provider.callback();

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

  const interactions = createInteractions({ identity, accounts: deps.accounts, base });
  const twoFactorSetup = twoFactorSetupFlow({ interactions, twoFactor: deps.twoFactor });
  const tokens = tokenFlow({ ...deps, base, delegate });

  // Our own forms: sign-in (with its second factor), sign-up, password reset, two-factor set-up, the token
  // endpoint.
  await app.register(async (forms) => {
    await forms.register(formBody);
    forms.setErrorHandler((error, request, reply) => {
      if (!(error instanceof InteractionStateMissing)) throw error;
      return reply
        .code(400)
        .type('text/html')
        .send(errorPage(error.message, env.PUBLIC_URL, themeOfRequest(request)));
    });

    // The page of an interaction: the set-up of an authenticator app, or the sign-in or sign-up form.
    forms.get<{ Params: { uid: string }; Querystring: { screen?: string } }>(
      `${base}/interaction/:uid`,
      async (request, reply) => {
        const details = await interactions.at(request, reply);
        if (details.prompt.name === 'configure_totp')
          return reply.type('text/html').send(await twoFactorSetup.setupPage(request, details));
        const screen = request.query.screen ?? details.params.screen;
        const page =
          screen === 'register'
            ? interactions.signUpPage(request, details.uid)
            : interactions.signInPage(request, details.uid);
        return reply.type('text/html').send(page);
      },
    );
    signInFlow({ ...deps, interactions })(forms);
    signUpFlow({ ...deps, interactions, requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION })(forms);
    confirmEmailFlow({ base, portalUrl: env.PUBLIC_URL, emailConfirmation: deps.emailConfirmation })(forms);
    resetPasswordFlow({
      base,
      portalUrl: env.PUBLIC_URL,
      passwordReset: deps.passwordReset,
      rateLimit: deps.tokenRateLimit,
    })(forms);
    twoFactorSetup.routes(forms);
    tokens.forms(forms);
  });
  tokens.routes(app);

  // Everything else belongs to oidc-provider, which reads its own request bodies.
  await app.register(async (oidc) => {
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    oidc.all(`${base}/*`, delegate);
  });
}
