import nodemailer from 'nodemailer';
import type { MailSender } from './outbox.ts';

/**
 * Sends through an SMTP relay given as a connection URL: `smtp://user:password@host:587` (STARTTLS when
 * the relay offers it; `?requireTLS=true` insists on it) or `smtps://…:465` (TLS from the start).
 */
export function createSmtpSender(url: string, from: string): MailSender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    // A 5xx answer to the mail itself (its recipient or content) refuses it for good. A refused sign-in
    // (EAUTH, 535) is the relay's settings, not the mail: it is tried again once they are put right.
    refusedForGood(error) {
      const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
      const aboutTheMail = code === 'EENVELOPE' || code === 'EMESSAGE';
      return aboutTheMail && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
    },
    close: () => transport.close(),
  };
}
