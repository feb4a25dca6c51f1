import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { waitForCluster } from '../support/database-clusters.ts';
import { eventually } from '../support/http.ts';
import { seedNamespace } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpRelay, type SmtpRelay } from '../support/smtp-relay.ts';
import { billingLink, billingMailsTo } from './mails-setup.ts';
import { CANCEL, DAY, billing, paidCluster, subscriptionTo } from './subscriptions-setup.ts';

// Billing's mails with the local provider, through a real SMTP relay: a subscription cancelled on the
// Billing page, its database cluster unpaid once the subscription ended, then stopped after the grace
// period. Each is mailed to the owner once, however often the change is asked for or the clean-up runs.

const GRACE_DAYS = 7;
let relay: SmtpRelay;
let server: TestServer;
beforeAll(async () => {
  relay = await startSmtpRelay();
  server = await startServer({
    UNPAID_GRACE_DAYS: String(GRACE_DAYS),
    SMTP_URL: relay.url(),
    MAIL_FROM: 'Berth <no-reply@berth.test>',
  });
});
afterAll(async () => {
  await server.close();
  await relay.close();
});

const mailsTo = (customer: TestCustomer) => billingMailsTo(server, customer.email);
const dayOf = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe("a database cluster's plan, cancelled, ended and left unpaid", () => {
  let customer: TestCustomer;
  let bystander: TestCustomer;
  let periodEnd: Date;
  beforeAll(async () => {
    customer = await createCustomer(server, { name: 'Bob', subscriptions: ['cloud-database'] });
    bystander = await createCustomer(server, { subscriptions: ['cloud-database'] });
    await seedNamespace(customer, 'shop');
    const clusterId = await paidCluster(server, customer, 'shop', 'orders');
    const plan = await subscriptionTo(server, customer, 'xs-1', clusterId);
    periodEnd = new Date(plan.currentPeriodEnd ?? '');
  });

  it('mails the cancellation once, through the relay, with a text and an HTML part', async () => {
    const { id } = await subscriptionTo(server, customer, 'xs-1');
    // Two cancellations at once, and one more later: one change, one mail.
    await Promise.all([
      billing(server, customer).data(CANCEL, { id }),
      billing(server, customer).data(CANCEL, { id }),
    ]);
    await billing(server, customer).data(CANCEL, { id });
    expect((await mailsTo(customer)).map((mail) => mail.kind)).toEqual(['billing-subscription-ending']);

    const received = await eventually('the mail at the relay', () =>
      Promise.resolve(relay.received.find((mail) => mail.to === customer.email)),
    );
    expect(received.from).toBe('"Berth" <no-reply@berth.test>');
    expect(received.subject).toBe('Your subscription is ending · Berth');
    expect(received.text).toContain(
      `Your subscription to Database cluster: Extra small was cancelled: it ends on ${dayOf(periodEnd)}, at the end of the period already paid for, is not renewed and nothing more is charged for it.`,
    );
    expect(received.text).toContain(billingLink(server));
    expect(received.html).toContain(`href="${server.url}/account/billing"`);
    expect(received.html).toContain('Your subscription to Database cluster: Extra small was cancelled');
  });

  it('mails once that the cluster is unpaid when its subscription ends', async () => {
    const after = new Date(periodEnd.getTime() + 60_000);
    await server.services.billing.collectDue(after);
    await server.services.billing.collectDue(after);
    const mails = await mailsTo(customer);
    expect(mails.map((mail) => mail.kind)).toEqual(['billing-subscription-ending', 'billing-cluster-unpaid']);
    const unpaid = mails[1];
    expect(unpaid?.subject).toBe('Database cluster orders is unpaid · Berth');
    expect(unpaid?.textBody).toContain(
      'The subscription to the plan of database cluster orders in namespace shop (Extra small, €15.00 a month) has ended or is not paid.',
    );
    // Unpaid since now (the real clock), so it stops the grace period from now.
    const stopsAt = new Date(Date.now() + GRACE_DAYS * DAY);
    expect(unpaid?.textBody).toMatch(
      new RegExp(
        `The cluster keeps running until (${dayOf(stopsAt)}|${dayOf(new Date(stopsAt.getTime() - DAY))})\\.`,
      ),
    );
    expect(unpaid?.textBody).toContain(
      'Then it is stopped, not deleted: its databases and users are kept, but nobody can connect to it.',
    );
    expect(unpaid?.textBody).toContain(billingLink(server));
  });

  it('mails once that the cluster was stopped when the grace period is over', async () => {
    const later = new Date(Date.now() + (GRACE_DAYS + 1) * DAY);
    await server.services.databaseClusters.stopUnpaid(later);
    await waitForCluster(customer, 'shop', 'orders', 'stopped');
    await server.services.databaseClusters.stopUnpaid(later);
    const mails = await mailsTo(customer);
    expect(mails).toHaveLength(3);
    const stopped = mails[2];
    expect(stopped).toMatchObject({
      kind: 'billing-cluster-stopped',
      subject: 'Database cluster orders was stopped for non-payment · Berth',
    });
    expect(stopped?.textBody).toContain(
      `Database cluster orders in namespace shop was stopped: its plan (Extra small) is unpaid since ${dayOf(new Date())} and the 7 days of grace are over.`,
    );
    expect(stopped?.textBody).toContain(
      'Pay for its plan under "Unpaid" on the Billing page and it starts again.',
    );
    expect(stopped?.textBody).toContain(billingLink(server));
    expect(await mailsTo(bystander)).toEqual([]);
  });
});
