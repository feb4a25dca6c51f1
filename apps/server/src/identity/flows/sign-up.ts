import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors.ts';
import { registrationSchema, type AccountService } from '../../modules/accounts/service.ts';
import type { EmailConfirmation } from '../email-confirmation.ts';
import { stringFields, type Fields, type Interactions } from '../interaction.ts';

// Signing up: the form's fields checked as the account service checks them (each problem beside its
// field), then the new account signed in and mailed the link that confirms its address.

const SIGN_UP_FIELDS = ['name', 'email', 'password', 'passwordConfirm'] as const;

export function signUpFlow(deps: {
  interactions: Interactions;
  accounts: AccountService;
  emailConfirmation: EmailConfirmation;
  /** REQUIRE_EMAIL_VERIFICATION: off, no link is mailed (the operator confirms addresses elsewhere). */
  requireEmailVerification: boolean;
}) {
  const { interactions, accounts } = deps;
  return (forms: FastifyInstance) => {
    forms.post<{ Params: { uid: string }; Body: Fields<typeof SIGN_UP_FIELDS> }>(
      `${interactions.base}/interaction/:uid/register`,
      { schema: { body: stringFields(SIGN_UP_FIELDS, { required: true }) } },
      async (request, reply) => {
        const details = await interactions.at(request, reply, 'login');
        const values = { name: request.body.name, email: request.body.email.trim() };
        const { password } = request.body;
        const errors: Record<string, string> = {};
        const parsed = registrationSchema.safeParse({ ...values, password });
        for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
        if (password !== request.body.passwordConfirm) errors.passwordConfirm = 'Passwords do not match';
        if (Object.keys(errors).length === 0) {
          try {
            const accountId = await accounts.create({ ...values, password }, { verified: false });
            const account = await accounts.findById(accountId);
            if (account && deps.requireEmailVerification)
              await deps.emailConfirmation.sendVerification(account, { limited: false });
            await interactions.signedIn(request, reply, accountId);
            return;
          } catch (error) {
            if (!(error instanceof DomainError) || !error.field) throw error;
            errors[error.field] = error.message;
          }
        }
        return reply
          .code(400)
          .type('text/html')
          .send(interactions.signUpPage(request, details.uid, values, errors));
      },
    );
  };
}
