import { describe, expect, it } from 'vitest';
import { rows, scopesOf, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import {
  checkoutCompleted,
  invoice,
  random,
  stripeEvent,
  subscription,
  useStripeProvider,
} from './stripe-provider-setup.ts';

// What each verified Stripe event changes.

const { suite, deliver, suspendedReason, eventsOf, subscriptionStatus } = useStripeProvider();

describe('each event type', () => {
  it('payment failing repeatedly suspends with PAYMENT_ISSUES, a paid invoice lifts it', async () => {
    const alice = await createCustomer(suite.server);
    const bob = await createCustomer(suite.server);
    const sub = `sub_${random()}`;
    await deliver(checkoutCompleted(alice));
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub)))).status).toBe(
        200,
      );
      expect(await suspendedReason(alice)).toBeNull();
    }
    await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub)));
    expect(await suspendedReason(alice)).toBe('PAYMENT_ISSUES');
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toBeNull();
    expect(await suspendedReason(bob)).toBeNull();

    await deliver(stripeEvent('invoice.paid', invoice(alice, 'paid', sub)));
    expect(await suspendedReason(alice)).toBeNull();
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create']);
  });

  it("records Stripe's invoice: open while its payment fails, paid once paid, with Stripe's number and page", async () => {
    const alice = await createCustomer(suite.server);
    const sub = `sub_${random()}`;
    const id = `in_${random()}`;
    const invoices = () =>
      rows<{
        number: string;
        status: string;
        total_cents: number;
        currency: string;
        lines: unknown;
        hosted_url: string;
        period_start: Date | string;
      }>(
        suite.server,
        sql`SELECT number, status, total_cents, currency, lines, hosted_url, period_start FROM billing_invoices WHERE customer_id = ${alice.customerId}`,
      );
    await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub, id)));
    expect((await invoices()).map((row) => row.status)).toEqual(['open']);
    await deliver(stripeEvent('invoice.paid', invoice(alice, 'paid', sub, id)));
    // A late failure of the same invoice (events arrive in any order) leaves it paid.
    await deliver(stripeEvent('invoice.payment_failed', invoice(alice, 'open', sub, id)));
    const [recorded, ...others] = await invoices();
    expect(others).toEqual([]);
    expect(recorded).toMatchObject({
      number: `A1B2C3D4-${id.slice(-4).toUpperCase()}`,
      status: 'paid',
      total_cents: 900,
      currency: 'EUR',
      lines: [{ description: '1 × Serverless containers (at €9.00 / month)', amountCents: 900 }],
      hosted_url: `https://invoice.stripe.com/i/acct_test/${id}`,
    });
    expect(new Date(recorded?.period_start ?? '').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it("records the tax Stripe computed: net, tax and total, the rate left to Stripe's page", async () => {
    const alice = await createCustomer(suite.server);
    const taxed = { ...invoice(alice, 'paid'), total: 1071, total_excluding_tax: 900, amount_paid: 1071 };
    const untaxed = { ...invoice(alice, 'paid'), total_excluding_tax: null };
    await deliver(stripeEvent('invoice.paid', taxed));
    await deliver(stripeEvent('invoice.paid', untaxed));
    const recorded = await rows<{
      number: string;
      subtotal_cents: number;
      tax_cents: number;
      tax_rate_basis_points: number | null;
      total_cents: number;
    }>(
      suite.server,
      sql`SELECT number, subtotal_cents, tax_cents, tax_rate_basis_points, total_cents FROM billing_invoices WHERE customer_id = ${alice.customerId} ORDER BY id`,
    );
    expect(recorded).toEqual([
      {
        number: taxed.number,
        subtotal_cents: 900,
        tax_cents: 171,
        tax_rate_basis_points: null,
        total_cents: 1071,
      },
      {
        number: untaxed.number,
        subtotal_cents: 900,
        tax_cents: 0,
        tax_rate_basis_points: null,
        total_cents: 900,
      },
    ]);
  });

  it('subscription updates set the status (unpaid suspends) and a deleted subscription revokes create', async () => {
    const alice = await createCustomer(suite.server);
    const sub = `sub_${random()}`;
    await deliver(stripeEvent('customer.subscription.updated', subscription(alice, sub, 'active')));
    expect(await subscriptionStatus(sub)).toBe('active');
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create']);

    await deliver(stripeEvent('customer.subscription.updated', subscription(alice, sub, 'past_due')));
    expect(await subscriptionStatus(sub)).toBe('past_due');
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create']);

    await deliver(stripeEvent('customer.subscription.updated', subscription(alice, sub, 'unpaid')));
    expect(await suspendedReason(alice)).toBe('PAYMENT_ISSUES');
    await deliver(stripeEvent('invoice.paid', invoice(alice, 'paid', sub)));
    expect(await suspendedReason(alice)).toBeNull();

    await deliver(stripeEvent('customer.subscription.deleted', subscription(alice, sub, 'canceled')));
    expect(await subscriptionStatus(sub)).toBe('ended');
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create-limited']);
  });

  it('ignores (200) events of unknown customers, invoices of unknown Stripe customers and other types', async () => {
    const alice = await createCustomer(suite.server);
    const ghost = { customerId: 2_000_000_000, accountId: 0 } as TestCustomer;
    const unknownCustomer = await deliver(checkoutCompleted(ghost));
    const beyondIds = await deliver(
      checkoutCompleted({ customerId: 9_999_999_999, accountId: 0 } as TestCustomer),
    );
    const ownerless = { ...invoice(alice, 'open'), parent: null };
    const unknownStripeCustomer = await deliver(stripeEvent('invoice.payment_failed', ownerless));
    const otherType = await deliver(
      stripeEvent('customer.created', { id: `cus_${random()}`, object: 'customer' }),
    );
    for (const answer of [unknownCustomer, beyondIds, unknownStripeCustomer, otherType]) {
      expect(answer).toEqual({ status: 200, body: { received: true, applied: false } });
    }
    expect(await eventsOf(alice)).toEqual([]);
    const ghostEvents = await rows(
      suite.server,
      sql`SELECT 1 FROM billing_events WHERE customer_id = 2000000000`,
    );
    expect(ghostEvents).toEqual([]);
  });

  it('knows an invoice without our metadata by the Stripe customer of an earlier checkout', async () => {
    const alice = await createCustomer(suite.server);
    const stripeCustomer = `cus_${random()}`;
    await deliver(checkoutCompleted(alice, stripeCustomer));
    const ownInvoice = { ...invoice(alice, 'open'), customer: stripeCustomer, parent: null };
    const answer = await deliver(stripeEvent('invoice.payment_failed', ownInvoice));
    expect(answer.body.applied).toBe(true);
  });
});
