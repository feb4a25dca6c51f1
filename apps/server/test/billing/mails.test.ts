import { beforeAll, describe, expect, it } from 'vitest';
import { FAILED_PAYMENTS_BEFORE_SUSPENSION } from '../../src/modules/billing/fulfilment/fulfilment.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { activateStripeSubscription } from '../support/stripe-server.ts';
import { billingLink, billingMailsTo } from './mails-setup.ts';
import { CANCEL, billing, subscriptionTo } from './subscriptions-setup.ts';
import {
  CONTAINERS,
  invoice,
  random,
  stripeEvent,
  subscription,
  useStripeProvider,
} from './stripe-provider-setup.ts';

// Billing's mails as Stripe's webhook events cause them: a failed payment, the suspension for failed
// payments, a subscription set to end. Each event mails the customer's owner once, however often it is
// delivered, and nobody else.

const { suite, deliver, suspendedReason } = useStripeProvider();

const DAY = 24 * 3600_000;
const mailsTo = (customer: TestCustomer) => billingMailsTo(suite.server, customer.email);

/** Delivers the event twice, as Stripe may; both are acknowledged. */
async function deliverTwice(event: object) {
  expect((await deliver(event)).status).toBe(200);
  expect((await deliver(event)).status).toBe(200);
}

describe('a failed payment', () => {
  let customer: TestCustomer;
  let bystander: TestCustomer;
  beforeAll(async () => {
    customer = await createCustomer(suite.server, { name: 'Alice' });
    bystander = await createCustomer(suite.server);
  });

  it('is mailed once per failure, and the third in a row says the account is suspended', async () => {
    expect(FAILED_PAYMENTS_BEFORE_SUSPENSION).toBe(3);
    const sub = `sub_${random()}`;
    const failed = invoice(customer, 'open', sub);
    await deliverTwice(stripeEvent('invoice.payment_failed', failed));

    const [first, ...others] = await mailsTo(customer);
    expect(others).toEqual([]);
    expect(first).toMatchObject({ kind: 'billing-payment-failed', subject: 'A payment failed · Berth' });
    const text = first?.textBody ?? '';
    expect(text).toMatch(/^Hello Alice,/);
    expect(text).toContain(
      `A payment of €9.00 for invoice ${failed.number} could not be taken from the card of your Berth account.`,
    );
    expect(text).toContain(
      'If 2 more payments fail in a row, your account is suspended: nothing new can be created until a payment succeeds.',
    );
    expect(text).toContain(billingLink(suite.server));
    expect(first?.htmlBody).toContain(`href="${suite.server.url}/account/billing"`);
    expect(text).not.toContain('invoice.stripe.com');

    // Stripe retries the same invoice: each retry is an event of its own.
    await deliverTwice(stripeEvent('invoice.payment_failed', failed));
    await deliverTwice(stripeEvent('invoice.payment_failed', failed));
    const mails = await mailsTo(customer);
    expect(mails).toHaveLength(3);
    expect(mails[1]?.textBody).toContain('If one more payment fails in a row, your account is suspended');
    expect(mails[2]?.textBody).toContain(
      'This is the third failed payment in a row, so your Berth account is suspended. Everything you have keeps running and you can still read, pay for and delete it, but nothing new can be created or grown. The suspension is lifted as soon as a payment succeeds.',
    );
    expect(await suspendedReason(customer)).toBe('PAYMENT_ISSUES');

    // Stripe gives up on the invoice: the account is suspended already, so there is nothing new to tell.
    await deliverTwice(stripeEvent('customer.subscription.updated', subscription(customer, sub, 'unpaid')));
    expect(await mailsTo(customer)).toHaveLength(3);
    expect(await mailsTo(bystander)).toEqual([]);
  });

  it('says the account stays suspended while it is', async () => {
    await deliverTwice(stripeEvent('invoice.payment_failed', invoice(customer, 'open')));
    const mails = await mailsTo(customer);
    expect(mails).toHaveLength(4);
    expect(mails[3]?.textBody).toContain('Your Berth account stays suspended until a payment succeeds.');
  });
});

describe('a subscription Stripe marks unpaid', () => {
  it('suspends the account and mails it once', async () => {
    const customer = await createCustomer(suite.server);
    await deliverTwice(
      stripeEvent('customer.subscription.updated', subscription(customer, `sub_${random()}`, 'unpaid')),
    );
    expect(await suspendedReason(customer)).toBe('PAYMENT_ISSUES');
    const mails = await mailsTo(customer);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'billing-suspended',
      subject: 'Your account is suspended for an unpaid subscription · Berth',
    });
    expect(mails[0]?.textBody).toContain(
      'Your subscription to Serverless containers, monthly (EUR) is unpaid: the payment provider stopped retrying its open invoice. Your Berth account is suspended.',
    );
    expect(mails[0]?.textBody).toContain(billingLink(suite.server));
  });

  it('does not claim a suspension an operator made for another reason', async () => {
    const customer = await createCustomer(suite.server);
    await customer.suspend('ABUSIVE_BEHAVIOUR');
    await deliverTwice(
      stripeEvent('customer.subscription.updated', subscription(customer, `sub_${random()}`, 'unpaid')),
    );
    expect(await suspendedReason(customer)).toBe('ABUSIVE_BEHAVIOUR');
    expect(await mailsTo(customer)).toEqual([]);
  });
});

describe('a subscription set to end at its period end', () => {
  const periodEnd = new Date(Date.now() + 30 * DAY);
  const activate = (customer: TestCustomer) =>
    activateStripeSubscription(suite.server, customer, {
      planId: CONTAINERS,
      resourceId: String(customer.customerId),
      periodEnd,
    });
  const cancelledInPortal = (customer: TestCustomer, id: string) => ({
    ...subscription(customer, id, 'active'),
    cancel_at_period_end: true,
    items: { data: [{ current_period_end: Math.floor(periodEnd.getTime() / 1000) }] },
  });
  const endingSentence = (day: Date) =>
    `Your subscription to Serverless containers, monthly (EUR) was cancelled: it ends on ${day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, at the end of the period already paid for, is not renewed and nothing more is charged for it.`;

  it("is mailed once when cancelled in Stripe's Customer Portal", async () => {
    const customer = await createCustomer(suite.server);
    const bystander = await createCustomer(suite.server);
    const id = await activate(customer);
    await deliverTwice(stripeEvent('customer.subscription.updated', cancelledInPortal(customer, id)));
    // Stripe sends the same state again in a later update: still one mail.
    await deliverTwice(stripeEvent('customer.subscription.updated', cancelledInPortal(customer, id)));

    const mails = await mailsTo(customer);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'billing-subscription-ending',
      subject: 'Your subscription is ending · Berth',
    });
    expect(mails[0]?.textBody).toContain(endingSentence(periodEnd));
    expect(mails[0]?.textBody).toContain('Until then you can keep it with Resume on the Billing page.');
    expect(mails[0]?.textBody).toContain(billingLink(suite.server));
    expect(await mailsTo(bystander)).toEqual([]);
  });

  it('is mailed once when cancelled on the Billing page, not again when Stripe echoes it', async () => {
    const customer = await createCustomer(suite.server);
    const id = await activate(customer);
    const row = await subscriptionTo(suite.server, customer, CONTAINERS);
    await Promise.all([
      billing(suite.server, customer).data(CANCEL, { id: row.id }),
      billing(suite.server, customer).data(CANCEL, { id: row.id }),
    ]);
    await deliverTwice(stripeEvent('customer.subscription.updated', cancelledInPortal(customer, id)));
    const mails = await mailsTo(customer);
    expect(mails.map((mail) => mail.kind)).toEqual(['billing-subscription-ending']);
    expect(mails[0]?.textBody).toContain(endingSentence(periodEnd));
  });
});
