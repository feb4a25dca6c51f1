import { z } from 'zod';

// Outgoing mail (password resets, email verification, billing notices).

export const mailSettings = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe(
      'The SMTP relay mail leaves through: `smtp://user:password@host:587` (STARTTLS when offered; add `?requireTLS=true` to insist) or `smtps://user:password@host:465`. Without it mail is kept in the database for the operator (`npm run admin -- mail list`, and `/dev/outbox` outside production). A secret: never logged.',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Berth <no-reply@localhost>')
    .describe('The sender of every mail, as `Name <address>`.'),
};
