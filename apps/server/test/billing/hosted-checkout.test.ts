import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_STATE,
  billingRequest,
  checkoutUrl,
  DECLINED_CARD,
  detailsUrl,
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
import { startServer, type TestServer } from '../support/server.ts';

// The local provider's hosted pages as a customer's browser uses them: the card form of the checkout, the
// billing-details form, and what a finished checkout changes (and only for its customer).

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const portal = () => `${server.url}/compute/serverless-containers`;

/** The fields a page opens with the cursor in: after a refused submission, the one to correct first. */
const focusedFields = (html: string) =>
  [...html.matchAll(/<(?:input|textarea) id="field-(\w+)"[^>]* autofocus[ >]/g)].map((match) => match[1]);

describe('the hosted checkout', () => {
  it('shows the plan, its monthly price and a card form, looking like a payment provider', async () => {
    const alice = await createCustomer(server);
    const page = await getPage(await checkoutUrl(server, alice));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Subscribe to Serverless containers, monthly (EUR)');
    expect(page.html).toContain('€9.00 <small>per month</small>');
    expect(page.html).toContain(alice.email);
    expect(page.html).toContain('Test mode');
    for (const name of ['cardNumber', 'expiry', 'cvc', 'name']) expect(page.html).toContain(`name="${name}"`);
    expect(page.html).toContain(`href="${portal()}?checkout=cancelled"`);
    expect(focusedFields(page.html)).toEqual([]);
  });

  it('charges the test card: the customer holds create at once, has payment details and pays recurringly', async () => {
    const alice = await createCustomer(server);
    const bob = await createCustomer(server);
    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create-limited']);
    const before = await alice.data(BILLING_STATE);
    expect(before.customer).toMatchObject({ hasPaymentDetails: false, recurringPayment: false });

    const answer = await postForm(await checkoutUrl(server, alice), GOOD_CARD);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${portal()}?checkout=success`);

    expect(await scopesOf(server, alice, 'serverless-container')).toEqual(['create']);
    expect((await alice.data(BILLING_STATE)).customer).toMatchObject({
      hasPaymentDetails: true,
      recurringPayment: true,
      suspendedReason: null,
    });
    const [subscription] = await rows<{ plan_id: string; resource_id: string; status: string }>(
      server,
      sql`SELECT plan_id, resource_id, status FROM billing_subscriptions WHERE customer_id = ${alice.customerId}`,
    );
    expect(subscription).toEqual({
      plan_id: 'serverless-containers-EUR-Monthly',
      resource_id: String(alice.customerId),
      status: 'active',
    });
    const [card] = await rows<{ card_brand: string; card_last4: string; card_expiry: string }>(
      server,
      sql`SELECT card_brand, card_last4, card_expiry FROM billing_customers WHERE customer_id = ${alice.customerId}`,
    );
    expect(card).toEqual({ card_brand: 'Visa', card_last4: '4242', card_expiry: '12/2039' });

    // Only the customer who paid.
    expect(await scopesOf(server, bob, 'serverless-container')).toEqual(['create-limited']);
    expect((await bob.data(BILLING_STATE)).customer).toMatchObject({
      hasPaymentDetails: false,
      recurringPayment: false,
    });
  });

  it('grants cloud-database for the cloud databases plan, and nothing else', async () => {
    const carol = await createCustomer(server);
    const url = await checkoutUrl(server, carol, { planId: 'cloud-databases-EUR-Monthly' });
    const answer = await postForm(url, GOOD_CARD);
    expect(answer.location).toBe(`${server.url}/storage/databases?checkout=success`);
    expect(await scopesOf(server, carol, 'cloud-database')).toEqual(['create']);
    expect(await scopesOf(server, carol, 'serverless-container')).toEqual(['create-limited']);
  });

  it("sells a database cluster's plan for that cluster, once, and only to its customer", async () => {
    const { customer: erin } = await seed(server)
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
      billingRequest(server, '/billing/subscriptions', await customer.token(), body);

    const wrongPlan = await subscribe(erin, { planId: 'l-1', resourceId: id });
    expect([wrongPlan.status, wrongPlan.body.message]).toEqual([
      400,
      'Database cluster orders has plan m-1, not l-1',
    ]);
    const noResource = await subscribe(erin, { planId: 'm-1' });
    expect(noResource.status).toBe(400);
    expect(noResource.body.message).toMatch(/give the cluster's id as resourceId/);
    const frank = await createCustomer(server);
    const notTheirs = await subscribe(frank, { planId: 'm-1', resourceId: id });
    expect([notTheirs.status, notTheirs.body.message]).toEqual([404, `Resource ${id} not found`]);

    const url = await checkoutUrl(server, erin, { planId: 'm-1', resourceId: id });
    const page = await getPage(url);
    expect(page.html).toContain('Subscribe to Database cluster: Medium');
    expect(page.html).toContain('€60.00 <small>per month</small>');
    const answer = await postForm(url, GOOD_CARD);
    expect(answer.location).toBe(`${server.url}/storage/databases?checkout=success`);
    const subscriptions = await rows<{ plan_id: string; resource_id: string; status: string }>(
      server,
      sql`SELECT plan_id, resource_id, status FROM billing_subscriptions WHERE customer_id = ${erin.customerId}`,
    );
    expect(subscriptions).toEqual([{ plan_id: 'm-1', resource_id: id, status: 'active' }]);
    // A cluster plan grants no product.
    expect(await scopesOf(server, erin, 'serverless-container')).toEqual(['create-limited']);
    const again = await subscribe(erin, { planId: 'm-1', resourceId: id });
    expect(again.status).toBe(409);
  });

  it('declines 4000 0000 0000 0002 with the decline message on the page, and changes nothing', async () => {
    const dave = await createCustomer(server);
    const url = await checkoutUrl(server, dave);
    const declined = await postForm(url, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('<div class="alert" role="alert">Your card was declined.</div>');
    expect(declined.html).toContain('value="Ada Lovelace"');
    // The number, which the page does not keep, is typed again first.
    expect(focusedFields(declined.html)).toEqual(['cardNumber']);
    expect(await scopesOf(server, dave, 'serverless-container')).toEqual(['create-limited']);
    expect((await dave.data(BILLING_STATE)).customer).toMatchObject({
      hasPaymentDetails: false,
      recurringPayment: false,
    });
    expect(
      await rows(server, sql`SELECT 1 FROM billing_events WHERE customer_id = ${dave.customerId}`),
    ).toEqual([]);

    // The same page takes another card afterwards.
    const charged = await postForm(url, GOOD_CARD);
    expect(charged.status).toBe(303);
    expect(await scopesOf(server, dave, 'serverless-container')).toEqual(['create']);
  });

  it('says what is wrong with each field of a card it cannot charge', async () => {
    const erin = await createCustomer(server);
    const url = await checkoutUrl(server, erin);
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
    expect(await scopesOf(server, erin, 'serverless-container')).toEqual(['create-limited']);
  });

  it('works once: the page of a finished checkout says so and charges nothing again', async () => {
    const frank = await createCustomer(server);
    const url = await checkoutUrl(server, frank);
    expect((await postForm(url, GOOD_CARD)).status).toBe(303);
    for (const answer of [await getPage(url), await postForm(url, GOOD_CARD)]) {
      expect(answer.status).toBe(410);
      expect(answer.html).toContain('This checkout is already complete.');
    }
    const events = await rows(
      server,
      sql`SELECT 1 FROM billing_events WHERE customer_id = ${frank.customerId}`,
    );
    expect(events).toHaveLength(1);
  });

  it('expires: after 30 minutes the page is gone and its form does nothing; a day later it is deleted', async () => {
    const grace = await createCustomer(server);
    const url = await checkoutUrl(server, grace);
    const id = url.split('/').pop() ?? '';
    const [session] = await rows<{ minutes: number }>(
      server,
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM billing_sessions WHERE id = ${id}`,
    );
    expect(session?.minutes).toBe(30);
    await rows(
      server,
      sql`UPDATE billing_sessions SET expires_at = now() - interval '1 second' WHERE id = ${id}`,
    );
    for (const answer of [await getPage(url), await postForm(url, GOOD_CARD)]) {
      expect(answer.status).toBe(410);
      expect(answer.html).toContain('This checkout link has expired.');
    }
    expect(await scopesOf(server, grace, 'serverless-container')).toEqual(['create-limited']);

    // A day after it expired, the session is deleted by the clean-up; a fresh one is kept.
    const fresh = (await checkoutUrl(server, grace)).split('/').pop() ?? '';
    await rows(
      server,
      sql`UPDATE billing_sessions SET expires_at = now() - interval '25 hours' WHERE id = ${id}`,
    );
    await server.services.billing.purgeExpiredSessions();
    const left = await rows<{ id: string }>(
      server,
      sql`SELECT id FROM billing_sessions WHERE id IN (${id}, ${fresh}) ORDER BY id`,
    );
    expect(left).toEqual([{ id: fresh }]);
  });

  it('knows no page for an address it did not give out, nor a details page at a checkout address', async () => {
    const heidi = await createCustomer(server);
    const checkout = await checkoutUrl(server, heidi);
    const id = checkout.split('/').pop() ?? '';
    const addresses = [
      `${server.url}/billing/hosted/checkout/cs_${'A'.repeat(32)}`,
      `${server.url}/billing/hosted/checkout/%00${'A'.repeat(32)}`,
      `${server.url}/billing/hosted/details/${id}`,
    ];
    for (const address of addresses) {
      const page = await getPage(address);
      expect(page.status, address).toBe(404);
      expect((await postForm(address, GOOD_CARD)).status).toBe(404);
    }
    expect(await scopesOf(server, heidi, 'serverless-container')).toEqual(['create-limited']);
  });

  it("fulfils the checkout's own customer, whoever submits the page", async () => {
    const ivan = await createCustomer(server);
    const judy = await createCustomer(server);
    // The address is the capability: Judy's browser (no token, no cookie) finishing Ivan's page pays for Ivan.
    await postForm(await checkoutUrl(server, ivan), GOOD_CARD);
    expect(await scopesOf(server, ivan, 'serverless-container')).toEqual(['create']);
    expect(await scopesOf(server, judy, 'serverless-container')).toEqual(['create-limited']);
  });
});

describe('the hosted billing-details page', () => {
  const DETAILS = {
    companyName: 'Analytical Engines Ltd',
    address: '12 Marylebone Road\nLondon NW1 5LR',
    vatNumber: 'gb 123 4567 89',
    invoiceEmail: 'invoices@engines.example',
  };

  it('saves the details for this customer and goes back to the portal; a new page shows them', async () => {
    const alice = await createCustomer(server);
    const bob = await createCustomer(server);
    const url = await detailsUrl(server, alice);
    const empty = await getPage(url);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain(`value="${alice.email}"`);

    const saved = await postForm(url, DETAILS);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${server.url}/account/billing`);

    const again = await getPage(await detailsUrl(server, alice));
    expect(again.html).toContain('value="Analytical Engines Ltd"');
    expect(again.html).toContain('12 Marylebone Road\nLondon NW1 5LR</textarea>');
    expect(again.html).toContain('value="GB123456789"');
    expect(again.html).toContain('value="invoices@engines.example"');
    // Bob's page knows nothing of Alice's details.
    const bobs = await getPage(await detailsUrl(server, bob));
    expect(bobs.html).not.toContain('Analytical Engines');
    // The used page is gone.
    expect((await postForm(url, DETAILS)).status).toBe(410);
  });

  it('says what is wrong with each field, keeps what was typed and saves nothing', async () => {
    const carol = await createCustomer(server);
    const url = await detailsUrl(server, carol);
    const cases: [Partial<typeof DETAILS>, string, string][] = [
      [{ companyName: ' ' }, 'companyName', 'Enter the company name.'],
      [{ address: '' }, 'address', 'Enter the billing address.'],
      [{ vatNumber: '123' }, 'vatNumber', 'Enter a VAT number with its country prefix, like DE123456789.'],
      [{ invoiceEmail: 'invoices' }, 'invoiceEmail', 'Enter a valid email address.'],
      [{ invoiceEmail: '' }, 'invoiceEmail', 'Enter the email address for invoices.'],
      [
        { companyName: 'x'.repeat(201) },
        'companyName',
        'The company name is too long (200 characters at most).',
      ],
    ];
    for (const [change, field, message] of cases) {
      const answer = await postForm(url, { ...DETAILS, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.html).toContain(`<div class="field-error" id="field-${field}-error">${message}</div>`);
      expect(focusedFields(answer.html), field).toEqual([field]);
    }
    const kept = await postForm(url, { ...DETAILS, vatNumber: '123' });
    expect(kept.html).toContain('value="Analytical Engines Ltd"');
    expect(
      await rows(server, sql`SELECT 1 FROM billing_customers WHERE customer_id = ${carol.customerId}`),
    ).toEqual([]);
    // A VAT number is optional.
    expect((await postForm(url, { ...DETAILS, vatNumber: '' })).status).toBe(303);
  });
});
