import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../../modules/accounts/service.ts';
import type { TwoFactor } from '../../modules/accounts/two-factor.ts';
import {
  stringFields,
  themeOfRequest,
  type Fields,
  type Interaction,
  type Interactions,
} from '../interaction.ts';
import { secondFactorPage } from '../pages.ts';
import { SignInThrottled } from '../../modules/accounts/throttled.ts';

// Signing in with a password, then the second factor when the account has one; both count against the
// sign-in throttle, and a right password does not clear the account's count until the second factor passes.

const SIGN_IN_FIELDS = ['email', 'password'] as const;
const CODE_FIELDS = ['code'] as const;
const PASSWORD_FIRST = 'Enter your email and password first.';

export function signInFlow(deps: {
  interactions: Interactions;
  accounts: AccountService;
  twoFactor: TwoFactor;
}) {
  const { interactions, accounts, twoFactor } = deps;
  const { base } = interactions;

  const secondFactor = (request: FastifyRequest, details: Interaction) => ({
    action: `${base}/interaction/${details.uid}/second-factor`,
    theme: themeOfRequest(request),
  });

  return (forms: FastifyInstance) => {
    forms.post<{ Params: { uid: string }; Body: Fields<typeof SIGN_IN_FIELDS> }>(
      `${base}/interaction/:uid/login`,
      { schema: { body: stringFields(SIGN_IN_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactions.at(request, reply, 'login');
        const email = request.body.email.trim();
        const { password } = request.body;
        const page = (status: number, error: string) =>
          reply
            .code(status)
            .type('text/html')
            .send(interactions.signInPage(request, details.uid, email, error));
        if (!email || !password) return page(400, 'Enter your email and password.');
        try {
          const account = await accounts.authenticate(email, password, request.ip);
          if (!account) return page(401, 'Invalid email or password.');
          if (await twoFactor.isEnabled(account.id)) {
            await interactions.remember(details, { passwordVerified: { accountId: account.id } });
            return reply.type('text/html').send(secondFactorPage(secondFactor(request, details)));
          }
          await interactions.signedIn(request, reply, account.id);
        } catch (error) {
          if (!(error instanceof SignInThrottled)) throw error;
          void reply.header('Retry-After', String(error.retryAfterSeconds));
          return page(429, error.message);
        }
      },
    );

    forms.post<{ Params: { uid: string }; Body: Fields<typeof CODE_FIELDS> }>(
      `${base}/interaction/:uid/second-factor`,
      { schema: { body: stringFields(CODE_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactions.at(request, reply, 'login');
        const pending = interactions.progressOf(details).passwordVerified;
        const account = pending ? await accounts.findById(pending.accountId) : undefined;
        if (!account)
          return reply
            .code(400)
            .type('text/html')
            .send(interactions.signInPage(request, details.uid, undefined, PASSWORD_FIRST));
        const again = (status: number, error: string) =>
          reply
            .code(status)
            .type('text/html')
            .send(secondFactorPage({ ...secondFactor(request, details), error }));
        try {
          const check = await twoFactor.verify(account, request.body.code, request.ip);
          if (check === 'already-used')
            return again(401, 'That code was already used. Wait for the next code in your app.');
          if (check === 'wrong')
            return again(401, 'That code is not right. Try the current code from your app.');
        } catch (error) {
          if (!(error instanceof SignInThrottled)) throw error;
          void reply.header('Retry-After', String(error.retryAfterSeconds));
          return again(429, error.message);
        }
        await interactions.signedIn(request, reply, account.id);
      },
    );
  };
}
