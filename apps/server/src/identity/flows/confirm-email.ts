import type { FastifyInstance } from 'fastify';
import { themeOfRequest } from '../interaction.ts';
import { EMAIL_LINK_HOURS, type EmailConfirmation } from '../email-confirmation.ts';
import { confirmEmailPage, emailConfirmedPage, emailLinkFailedPage } from '../email-pages.ts';

// A mailed link that confirms an address, at Keycloak's `login-actions/action-token`: the page asks, the
// form's POST confirms (once).

export function confirmEmailFlow(deps: {
  base: string;
  portalUrl: string;
  emailConfirmation: EmailConfirmation;
}) {
  const { emailConfirmation } = deps;
  const path = `${deps.base}/login-actions/action-token`;
  const accountUrl = `${deps.portalUrl}/account`;

  return (forms: FastifyInstance) => {
    forms.get<{ Querystring: { key?: string } }>(path, async (request, reply) => {
      const theme = themeOfRequest(request);
      const key = request.query.key ?? '';
      reply.type('text/html');
      const link = await emailConfirmation.describe(key);
      if (!link)
        return reply
          .code(410)
          .send(emailLinkFailedPage({ problem: 'expired', hours: EMAIL_LINK_HOURS, accountUrl, theme }));
      return confirmEmailPage({
        action: `${path}?key=${encodeURIComponent(key)}`,
        newEmail: link.newEmail,
        theme,
      });
    });

    forms.post<{ Querystring: { key?: string } }>(path, async (request, reply) => {
      const theme = themeOfRequest(request);
      const outcome = await emailConfirmation.confirm(request.query.key ?? '');
      reply.type('text/html');
      if (!outcome.done)
        return reply
          .code(outcome.problem === 'taken' ? 409 : 410)
          .send(
            emailLinkFailedPage({ problem: outcome.problem, hours: EMAIL_LINK_HOURS, accountUrl, theme }),
          );
      return emailConfirmedPage({ email: outcome.email, accountUrl, theme });
    });
  };
}
