import type { Db } from '../../db/client.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OutgoingMail } from '../mail/store.ts';
import type { Recipient } from './mails.ts';
import { createBillingStore } from './store.ts';

// Billing mails go to the customer's owner, queued in the transaction of the change they tell: each change
// happens once (a provider event is applied once, a cluster is stopped once), so its mail is sent once, and
// not at all when the change rolls back.

export function createBillingNotices(deps: { mail: MailOutbox; publicUrl: string }) {
  const billingUrl = `${deps.publicUrl}/account/billing`;
  return {
    /** Queues in `tx` the mail `compose` makes for the customer's owner. */
    async tell(tx: Db, customerId: number, compose: (to: Recipient, billingUrl: string) => OutgoingMail) {
      const owner = await createBillingStore(tx).ownerOf(customerId);
      if (owner) await deps.mail.queue(tx, compose(owner, billingUrl));
    },
  };
}

export type BillingNotices = ReturnType<typeof createBillingNotices>;
