import type { TestServer } from '../support/server.ts';

// What the tests of billing's mails share: the billing mails queued in the outbox for an address.

/** The billing mails queued for the address, oldest first. */
export async function billingMailsTo(server: TestServer, email: string) {
  return (await server.services.mail.recent(500))
    .filter((mail) => mail.recipient === email && mail.kind.startsWith('billing-'))
    .reverse();
}

/** The sentence that links the mail's text to the portal's Billing page. */
export const billingLink = (server: TestServer) => `Open the Billing page: ${server.url}/account/billing`;
