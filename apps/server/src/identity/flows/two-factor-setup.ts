import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { TwoFactor } from '../../modules/accounts/two-factor.ts';
import {
  stringFields,
  themeOfRequest,
  type Fields,
  type Interaction,
  type Interactions,
} from '../interaction.ts';
import { recoveryCodesPage, twoFactorSetupPage } from '../pages.ts';

// Setting up an authenticator app (kc_action=CONFIGURE_TOTP, after sign-in): the QR code, the first code
// that turns two-factor on, the recovery codes shown once, then back to the client.

const CODE_FIELDS = ['code'] as const;
const CONFIRM_FIRST = 'Enter the code your app shows to turn on two-factor authentication first.';

export function twoFactorSetupFlow(deps: { interactions: Interactions; twoFactor: TwoFactor }) {
  const { interactions, twoFactor } = deps;
  const { base } = interactions;

  async function setupPage(request: FastifyRequest, details: Interaction, error?: string) {
    const account = await interactions.sessionAccount(details);
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

  function routes(forms: FastifyInstance) {
    forms.post<{ Params: { uid: string }; Body: Fields<typeof CODE_FIELDS> }>(
      `${base}/interaction/:uid/totp`,
      { schema: { body: stringFields(CODE_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactions.at(request, reply, 'configure_totp');
        const account = await interactions.sessionAccount(details);
        const codes = await twoFactor.confirmSetup(account, request.body.code);
        if (!codes) {
          const error = 'That code is not right. Enter the code your app shows now.';
          return reply
            .code(400)
            .type('text/html')
            .send(await setupPage(request, details, error));
        }
        await interactions.remember(details, { totpConfirmed: true });
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
      const details = await interactions.at(request, reply, 'configure_totp');
      if (!interactions.progressOf(details).totpConfirmed)
        return reply
          .code(400)
          .type('text/html')
          .send(await setupPage(request, details, CONFIRM_FIRST));
      reply.hijack();
      await interactions.provider.interactionFinished(
        request.raw,
        reply.raw,
        { configure_totp: { done: true } },
        { mergeWithLastSubmission: true },
      );
    });
  }

  return { setupPage, routes };
}
