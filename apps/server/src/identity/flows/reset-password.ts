import type { FastifyInstance } from 'fastify';
import { stringFields, themeOfRequest, type Fields } from '../interaction.ts';
import { RESET_LINK_MINUTES, type PasswordReset } from '../password-reset.ts';
import {
  forgotPasswordPage,
  newPasswordPage,
  passwordChangedPage,
  resetLinkExpiredPage,
  resetMailSentPage,
} from '../reset-pages.ts';

// "Forgot password?" at `login-actions/reset-credentials`: without `key` the form that asks for a link,
// with `key` (the mailed link) the form that sets the new password.

const NEW_PASSWORD_FIELDS = ['password', 'passwordConfirm'] as const;

export function resetPasswordFlow(deps: {
  base: string;
  portalUrl: string;
  passwordReset: PasswordReset;
  /** Per client address, as the token endpoint's: asking for links is no way round the sign-in limits. */
  rateLimit: object;
}) {
  const { passwordReset, portalUrl } = deps;
  const path = `${deps.base}/login-actions/reset-credentials`;
  const withKey = (key: string) => `${path}?key=${encodeURIComponent(key)}`;
  const expired = (theme: ReturnType<typeof themeOfRequest>) =>
    resetLinkExpiredPage({ askAgainUrl: path, minutes: RESET_LINK_MINUTES, theme });

  return (forms: FastifyInstance) => {
    forms.get<{ Querystring: { key?: string } }>(path, async (request, reply) => {
      const theme = themeOfRequest(request);
      const { key } = request.query;
      reply.type('text/html');
      if (key === undefined) return forgotPasswordPage({ action: path, portalUrl, theme });
      if (!(await passwordReset.usable(key))) return reply.code(410).send(expired(theme));
      return newPasswordPage({ action: withKey(key), theme });
    });

    forms.post<{
      Querystring: { key?: string };
      Body: Partial<Fields<['email', ...typeof NEW_PASSWORD_FIELDS]>>;
    }>(
      path,
      {
        schema: { body: stringFields(['email', ...NEW_PASSWORD_FIELDS], { required: false }) },
        config: { rateLimit: deps.rateLimit },
      },
      async (request, reply) => {
        const theme = themeOfRequest(request);
        const { key } = request.query;
        reply.type('text/html');
        if (key === undefined) {
          const email = (request.body.email ?? '').trim();
          if (!email) return reply.code(400).send(forgotPasswordPage({ action: path, portalUrl, theme }));
          // Answered before the account is looked up: neither the words nor the time tell whether it exists.
          passwordReset
            .request(email)
            .catch((error: unknown) => request.log.warn({ err: error }, 'password reset mail failed'));
          return resetMailSentPage({ email, minutes: RESET_LINK_MINUTES, portalUrl, theme });
        }
        const outcome = await passwordReset.complete(
          key,
          request.body.password ?? '',
          request.body.passwordConfirm ?? '',
        );
        if (outcome.done) return passwordChangedPage(portalUrl, theme);
        if (outcome.expired) return reply.code(410).send(expired(theme));
        return reply.code(400).send(newPasswordPage({ action: withKey(key), errors: outcome.errors, theme }));
      },
    );
  };
}
