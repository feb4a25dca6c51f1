import { describe, expect, it } from 'vitest';
import {
  BILLING_STATE,
  billingRequest,
  checkoutUrl,
  DECLINED_CARD,
  focusedFields,
  getPage,
  GOOD_CARD,
  postForm,
  rows,
  scopesOf,
  sql,
} from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER } from '../support/database-clusters.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// The local provider's hosted checkout as a customer's browser uses it: its card form, and what a finished
// checkout changes (and only for its customer).

const suite = useServer();

const portal = () => `${suite.server.url}/compute/serverless-containers`;

describe('the hosted checkout', () => {
  it('shows the plan, its monthly price and a card form, looking like a payment provider', async () => {
    const alice = await createCustomer(suite.server);
    const page = await getPage(await checkoutUrl(suite.server, alice));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Subscribe to Serverless containers, monthly (EUR)');
    expect(page.html).toContain('€9.00 <small>per month</small>');
    expect(page.html).toContain(alice.email);
    expect(page.html).toContain('Test mode');
    for (const name of ['cardNumber', 'expiry', 'cvc', 'name']) expect(page.html).toContain(`name="${name}"`);
    expect(page.html).toContain(`href="${portal()}?checkout=cancelled"`);
    expect(focusedFields(page.html)).toEqual([]);
  });

  it('started on the Billing page, is cancelled back to it and goes on to what was bought once paid', async () => {
    const alice = await createCustomer(suite.server);
    const url = await checkoutUrl(suite.server, alice, { startedOn: 'billing' });
    const page = await getPage(url);
    expect(page.html).toContain(`href="${suite.server.url}/account/billing?checkout=cancelled"`);
    const answer = await postForm(url, GOOD_CARD);
    expect(answer.location).toBe(`${portal()}?checkout=success`);
  });

  it('refuses a page to start on that the portal does not have, naming the field, and opens nothing', async () => {
    const alice = await createCustomer(suite.server);
    const answer = await billingRequest(suite.server, '/billing/subscriptions', await alice.token(), {
      startedOn: 'https://elsewhere.example/',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('body/startedOn must be equal to one of the allowed values');
    const open = await rows(
      suite.server,
      sql`SELECT id FROM billing_sessions WHERE customer_id = ${alice.customerId}`,
    );
    expect(open).toEqual([]);
  });

  it('charges the test card: the customer holds create at once, has payment details and pays recurringly', async () => {
    const alice = await createCustomer(suite.server);
    const bob = await createCustomer(suite.server);
    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create-limited']);
    const before = await alice.data(BILLING_STATE);
    expect(before.customer).toMatchObject({ hasPaymentDetails: false, recurringPayment: false });

    const answer = await postForm(await checkoutUrl(suite.server, alice), GOOD_CARD);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${portal()}?checkout=success`);

    expect(await scopesOf(suite.server, alice, 'serverless-container')).toEqual(['create']);
    expect((await alice.data(BILLING_STATE)).customer).toMatchObject({
      hasPaymentDetails: true,
      recurringPayment: true,
      suspendedReason: null,
    });
    const [subscription] = await rows<{ plan_id: string; resource_id: string; status: string }>(
      suite.server,
      sql`SELECT plan_id, resource_id, status FROM billing_subscriptions WHERE customer_id = ${alice.customerId}`,
    );
    expect(subscription).toEqual({
      plan_id: 'serverless-containers-EUR-Monthly',
      resource_id: String(alice.customerId),
      status: 'active',
    });
    const [card] = await rows<{ card_brand: string; card_last4: string; card_expiry: string }>(
      suite.server,
      sql`SELECT card_brand, card_last4, card_expiry FROM billing_customers WHERE customer_id = ${alice.customerId}`,
    );
    expect(card).toEqual({ card_brand: 'Visa', card_last4: '4242', card_expiry: '12/2039' });

    // Only the customer who paid.
    expect(await scopesOf(suite.server, bob, 'serverless-container')).toEqual(['create-limited']);
    expect((await bob.data(BILLING_STATE)).customer).toMatchObject({
      hasPaymentDetails: false,
      recurringPayment: false,
    });
  });

  it('grants cloud-database for the cloud databases plan, and nothing else', async () => {
    const carol = await createCustomer(suite.server);
    const url = await checkoutUrl(suite.server, carol, { planId: 'cloud-databases-EUR-Monthly' });
    const answer = await postForm(url, GOOD_CARD);
    expect(answer.location).toBe(`${suite.server.url}/storage/databases?checkout=success`);
    expect(await scopesOf(suite.server, carol, 'cloud-database')).toEqual(['create']);
    expect(await scopesOf(suite.server, carol, 'serverless-container')).toEqual(['create-limited']);
  });

  it("sells a database cluster's plan for that cluster, once, and only to its customer", async () => {
    const { customer: erin } = await seed(suite.server)
      .customer({ subscriptions: ['cloud-database'] })
      .namespace('shop');
    const { id } = (
      await erin.data(CREATE_CLUSTER, {
        input: {
          name: 'orders',
          namespace: 'shop',
          spec: { type: 'postgresql', version: '17' },
          plan: 'm-1',
        },
      })
    ).cloudDatabaseClusterCreate;
    const subscribe = async (customer: TestCustomer, body: object) =>
      billingRequest(suite.server, '/billing/subscriptions', await customer.token(), body);

    const wrongPlan = await subscribe(erin, { planId: 'l-1', resourceId: id });
    expect([wrongPlan.status, wrongPlan.body.message]).toEqual([
      400,
      'The database cluster orders has plan m-1, not l-1',
    ]);
    const noResource = await subscribe(erin, { planId: 'm-1' });
    expect(noResource.status).toBe(400);
    expect(noResource.body.message).toMatch(/give the database cluster's id as resourceId/);
    const frank = await createCustomer(suite.server);
    const notTheirs = await subscribe(frank, { planId: 'm-1', resourceId: id });
    expect([notTheirs.status, notTheirs.body.message]).toEqual([404, `Resource ${id} not found`]);

    const url = await checkoutUrl(suite.server, erin, { planId: 'm-1', resourceId: id });
    const page = await getPage(url);
    expect(page.html).toContain('Subscribe to Database cluster: Medium');
    expect(page.html).toContain('€60.00 <small>per month</small>');
    const answer = await postForm(url, GOOD_CARD);
    expect(answer.location).toBe(`${suite.server.url}/storage/databases?checkout=success`);
    const subscriptions = await rows<{ plan_id: string; resource_id: string; status: string }>(
      suite.server,
      sql`SELECT plan_id, resource_id, status FROM billing_subscriptions WHERE customer_id = ${erin.customerId}`,
    );
    expect(subscriptions).toEqual([{ plan_id: 'm-1', resource_id: id, status: 'active' }]);
    // A cluster plan grants no product.
    expect(await scopesOf(suite.server, erin, 'serverless-container')).toEqual(['create-limited']);
    const again = await subscribe(erin, { planId: 'm-1', resourceId: id });
    expect(again.status).toBe(409);
  });

  it('declines 4000 0000 0000 0002 with the decline message on the page, and changes nothing', async () => {
    const dave = await createCustomer(suite.server);
    const url = await checkoutUrl(suite.server, dave);
    const declined = await postForm(url, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('<div class="alert" role="alert">Your card was declined.</div>');
    expect(declined.html).toContain('value="Ada Lovelace"');
    // The number, which the page does not keep, is typed again first.
    expect(focusedFields(declined.html)).toEqual(['cardNumber']);
    expect(await scopesOf(suite.server, dave, 'serverless-container')).toEqual(['create-limited']);
    expect((await dave.data(BILLING_STATE)).customer).toMatchObject({
      hasPaymentDetails: false,
      recurringPayment: false,
    });
    expect(
      await rows(suite.server, sql`SELECT 1 FROM billing_events WHERE customer_id = ${dave.customerId}`),
    ).toEqual([]);

    // The same page takes another card afterwards.
    const charged = await postForm(url, GOOD_CARD);
    expect(charged.status).toBe(303);
    expect(await scopesOf(suite.server, dave, 'serverless-container')).toEqual(['create']);
  });

  it('says what is wrong with each field of a card it cannot charge', async () => {
    const erin = await createCustomer(suite.server);
    const url = await checkoutUrl(suite.server, erin);
    const cases: [Partial<typeof GOOD_CARD>, string][] = [
      [{ cardNumber: '' }, 'Enter your card number.'],
      [{ cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      [{ cardNumber: '4242-4242-abcd-4242' }, 'Your card number may only contain digits.'],
      [
        { cardNumber: '5555 5555 5555 4444' },
        'This checkout is in test mode and takes no real cards: use 4242 4242 4242 4242.',
      ],
      [{ expiry: '' }, 'Enter your card&#39;s expiry date.'],
      [{ expiry: '1239' }, 'Enter the expiry date as MM / YY.'],
      [{ expiry: '13 / 39' }, 'Your card&#39;s expiry month is invalid.'],
      [{ expiry: '01 / 20' }, 'Your card&#39;s expiry date is in the past.'],
      [{ cvc: '' }, 'Enter your card&#39;s security code.'],
      [{ cvc: '12' }, 'Your card&#39;s security code is incomplete.'],
      [{ name: '  ' }, 'Enter the name on the card.'],
    ];
    for (const [change, message] of cases) {
      const answer = await postForm(url, { ...GOOD_CARD, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.html).toContain(
        `<div class="field-error" id="field-${Object.keys(change)[0] ?? ''}-error">${message}</div>`,
      );
      expect(focusedFields(answer.html), JSON.stringify(change)).toEqual(Object.keys(change));
    }
    expect(await scopesOf(suite.server, erin, 'serverless-container')).toEqual(['create-limited']);
  });

  it('works once: the page of a finished checkout says so and charges nothing again', async () => {
    const frank = await createCustomer(suite.server);
    const url = await checkoutUrl(suite.server, frank);
    expect((await postForm(url, GOOD_CARD)).status).toBe(303);
    for (const answer of [await getPage(url), await postForm(url, GOOD_CARD)]) {
      expect(answer.status).toBe(410);
      expect(answer.html).toContain('This checkout is already complete.');
    }
    const events = await rows(
      suite.server,
      sql`SELECT 1 FROM billing_events WHERE customer_id = ${frank.customerId}`,
    );
    expect(events).toHaveLength(1);
  });

  it('expires: after 30 minutes the page is gone and its form does nothing; a day later it is deleted', async () => {
    const grace = await createCustomer(suite.server);
    const url = await checkoutUrl(suite.server, grace);
    const id = url.split('/').pop() ?? '';
    const [session] = await rows<{ minutes: number }>(
      suite.server,
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM billing_sessions WHERE id = ${id}`,
    );
    expect(session?.minutes).toBe(30);
    await rows(
      suite.server,
      sql`UPDATE billing_sessions SET expires_at = now() - interval '1 second' WHERE id = ${id}`,
    );
    for (const answer of [await getPage(url), await postForm(url, GOOD_CARD)]) {
      expect(answer.status).toBe(410);
      expect(answer.html).toContain('This checkout link has expired.');
    }
    expect(await scopesOf(suite.server, grace, 'serverless-container')).toEqual(['create-limited']);

    // A day after it expired, the session is deleted by the clean-up; a fresh one is kept.
    const fresh = (await checkoutUrl(suite.server, grace)).split('/').pop() ?? '';
    await rows(
      suite.server,
      sql`UPDATE billing_sessions SET expires_at = now() - interval '25 hours' WHERE id = ${id}`,
    );
    await suite.server.services.billing.purgeExpiredSessions();
    const left = await rows<{ id: string }>(
      suite.server,
      sql`SELECT id FROM billing_sessions WHERE id IN (${id}, ${fresh}) ORDER BY id`,
    );
    expect(left).toEqual([{ id: fresh }]);
  });

  it('knows no page for an address it did not give out, nor a details page at a checkout address', async () => {
    const heidi = await createCustomer(suite.server);
    const checkout = await checkoutUrl(suite.server, heidi);
    const id = checkout.split('/').pop() ?? '';
    const addresses = [
      `${suite.server.url}/billing/hosted/checkout/cs_${'A'.repeat(32)}`,
      `${suite.server.url}/billing/hosted/checkout/%00${'A'.repeat(32)}`,
      `${suite.server.url}/billing/hosted/details/${id}`,
    ];
    for (const address of addresses) {
      const page = await getPage(address);
      expect(page.status, address).toBe(404);
      expect((await postForm(address, GOOD_CARD)).status).toBe(404);
    }
    expect(await scopesOf(suite.server, heidi, 'serverless-container')).toEqual(['create-limited']);
  });

  it("fulfils the checkout's own customer, whoever submits the page", async () => {
    const ivan = await createCustomer(suite.server);
    const judy = await createCustomer(suite.server);
    // The address is the capability: Judy's browser (no token, no cookie) finishing Ivan's page pays for Ivan.
    await postForm(await checkoutUrl(suite.server, ivan), GOOD_CARD);
    expect(await scopesOf(suite.server, ivan, 'serverless-container')).toEqual(['create']);
    expect(await scopesOf(suite.server, judy, 'serverless-container')).toEqual(['create-limited']);
  });
});
