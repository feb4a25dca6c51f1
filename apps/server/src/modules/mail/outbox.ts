import type { Db } from '../../db/client.ts';
import { createMailStore, type OutgoingMail } from './store.ts';

// Mail is queued in the transaction of what it tells and delivered after it commits, by whichever server
// process leases it first. Without a sender (no SMTP_URL) it is kept for the operator to read.

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  /** Whether an error of send() means the mail can never be delivered: it is not tried again. */
  refusedForGood(error: unknown): boolean;
  close(): void;
}

interface Logger {
  warn(payload: object, message: string): void;
}

/** How long a leased mail waits before another attempt, should its sender stop mid-way. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
/** Attempts before a mail the relay keeps failing to take is given up on (about a day of retries). */
export const MAX_ATTEMPTS = 8;
/** The pause after the nth failed attempt: 1, 2, 4 … minutes, at most 6 hours. */
const retryPauseMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 3600_000);

export function createMailOutbox(deps: {
  db: Db;
  sender: MailSender | undefined;
  log: Logger;
  clock?: () => Date;
  pollMs?: number;
}) {
  const { sender, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const store = createMailStore(deps.db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /** Delivers the mail that is due; returns how many were sent. */
  async function deliverDue(): Promise<number> {
    if (!sender) return 0;
    const now = clock();
    const leased = await store.lease(now, new Date(now.getTime() + LEASE_MS), BATCH);
    let sent = 0;
    for (const mail of leased) {
      try {
        await sender.send({
          kind: mail.kind,
          recipient: mail.recipient,
          subject: mail.subject,
          text: mail.textBody ?? '',
          html: mail.htmlBody ?? '',
        });
        await store.markSent(mail.id, clock());
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = sender.refusedForGood(error) || mail.attempts >= MAX_ATTEMPTS;
        const retryAt = giveUp ? null : new Date(clock().getTime() + retryPauseMs(mail.attempts));
        await store.markUndelivered(mail.id, message, retryAt);
        // The id and kind only: the address and the body (a single-use link) stay out of the log.
        log.warn(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, giveUp, error: message },
          'mail not delivered',
        );
      }
    }
    return sent;
  }

  function loop(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = deliverDue()
        .catch((error: unknown) => log.warn({ err: error }, 'mail delivery failed'))
        .then(() => loop(deps.pollMs ?? 2000));
    }, delay);
  }

  return {
    /** Whether mail leaves through a relay (SMTP_URL) or is kept for the operator. */
    delivers: sender !== undefined,

    /** Queues a mail in the caller's transaction: it is delivered (or kept) only if that commits. */
    async queue(tx: Db, mail: OutgoingMail) {
      return createMailStore(tx).insert(mail, sender ? 'pending' : 'kept');
    },

    recent: store.recent,
    find: store.find,
    deliverDue,

    start() {
      if (!sender || !stopped) return;
      stopped = false;
      loop(0);
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      sender?.close();
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
