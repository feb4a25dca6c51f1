import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.ts';

// A real SMTP server on a local port, asking what a provider's relay asks: STARTTLS before anything else
// (its own self-signed certificate) and a user name and password. Tests read the mail it took.

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Whether the session was encrypted (STARTTLS) when the mail came in. */
  secure: boolean;
}

export const RELAY_USER = 'berth';
export const RELAY_PASSWORD = 'relay-secret';

export async function startSmtpRelay(options: { refuseWith?: number } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    // No AUTH on a plain connection: the client has to upgrade first.
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === RELAY_USER && auth.password === RELAY_PASSWORD)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (options.refuseWith) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: options.refuseWith });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const address = (value: typeof parsed.to) =>
            (Array.isArray(value) ? value : value ? [value] : []).map((each) => each.text).join(', ');
          received.push({
            from: parsed.from?.text ?? '',
            to: address(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            secure: session.secure,
          });
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    received,
    /** SMTP_URL for Berth: STARTTLS required; the relay's certificate is its own, so not verified here. */
    url: (password = RELAY_PASSWORD) =>
      `smtp://${RELAY_USER}:${password}@127.0.0.1:${port}/?requireTLS=true&tls.rejectUnauthorized=false`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpRelay = Awaited<ReturnType<typeof startSmtpRelay>>;
