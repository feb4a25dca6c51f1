import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../src/environment.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { billingRequest, rows, sql } from '../support/billing.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  alice = await createCustomer(server);
  bob = await createCustomer(server);
});
afterAll(() => server.close());

const subscribe = async (customer: TestCustomer | undefined, body?: unknown) =>
  billingRequest(server, '/billing/subscriptions', customer ? await customer.token() : undefined, body);

describe('POST /billing/subscriptions', () => {
  it('answers the hosted checkout of the default plan (serverless containers)', async () => {
    const { status, body } = await subscribe(alice, {});
    expect(status).toBe(200);
    expect(body.url).toMatch(new RegExp(`^${server.url}/billing/hosted/checkout/cs_[A-Za-z0-9_-]+$`));
    const page = await (await fetch(body.url ?? '')).text();
    expect(page).toContain('Serverless containers, monthly (EUR)');
  });

  it('takes the plan and the customer id the portal has (Account.customer.id), as a string or a number', async () => {
    for (const resourceId of [String(alice.customerId), alice.customerId]) {
      const { status, body } = await subscribe(alice, { planId: 'cloud-databases-EUR-Monthly', resourceId });
      expect(status).toBe(200);
      const page = await (await fetch(body.url ?? '')).text();
      expect(page).toContain('Cloud databases, monthly (EUR)');
      expect(page).toContain('€15.00');
    }
  });

  it('hands out the open page again: one open checkout per plan and resource', async () => {
    const first = await subscribe(alice, {});
    const second = await subscribe(alice, {});
    expect(second.body.url).toBe(first.body.url);
  });

  it('answers 409 for a plan the customer subscribes to already, and sells it again once that has ended', async () => {
    const carol = await createCustomer(server);
    const facts = {
      subscription: 'sub_carol',
      customerId: carol.customerId,
      planId: 'serverless-containers-EUR-Monthly',
      resourceId: String(carol.customerId),
    };
    const apply = (kind: 'subscription-activated' | 'subscription-ended', id: string) =>
      server.services.billing.fulfilment.apply({ provider: 'local', id, changes: [{ kind, ...facts }] });
    await apply('subscription-activated', 'evt_carol_1');
    const again = await subscribe(carol, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already subscribe to Serverless containers, monthly (EUR)');
    expect((await subscribe(carol, { planId: 'cloud-databases-EUR-Monthly' })).status).toBe(200);
    await apply('subscription-ended', 'evt_carol_2');
    expect((await subscribe(carol, {})).status).toBe(200);
  });

  it('answers 401 without a token or with a bad one, before looking at the body', async () => {
    for (const body of [{}, { planId: 42, resourceId: {} }, { plan: 'x' }]) {
      const anonymous = await subscribe(undefined, body);
      expect(anonymous.status).toBe(401);
    }
    const forged = await billingRequest(server, '/billing/subscriptions', 'not-a-token', {});
    expect(forged.status).toBe(401);
  });

  it('answers 400 naming an unknown plan and the plans there are', async () => {
    const { status, body } = await subscribe(alice, { planId: 'gold-EUR-Monthly' });
    expect(status).toBe(400);
    expect(body.message).toBe(
      'Unknown plan gold-EUR-Monthly; one of serverless-containers-EUR-Monthly, cloud-databases-EUR-Monthly, ' +
        'xs-1, xs-3, s-1, s-3, m-1, m-3, l-1, l-3, xl-1, xl-3, ' +
        'mq-xs-1, mq-xs-3, mq-s-1, mq-s-3, mq-m-1, mq-m-3, mq-l-1, mq-l-3, mq-xl-1, mq-xl-3',
    );
  });

  it("answers 404 for another customer's resource or one that does not exist", async () => {
    for (const resourceId of [String(bob.customerId), '999999', 'shop']) {
      const { status, body } = await subscribe(alice, { resourceId });
      expect(status).toBe(404);
      expect(body.message).toBe(`Resource ${resourceId} not found`);
    }
  });

  it('answers 400 with a message for a body it cannot read', async () => {
    const cases: [unknown, string][] = [
      [[], 'body must be object'],
      [{ planId: '' }, 'body/planId must NOT have fewer than 1 characters'],
      [{ resourceId: { id: 1 } }, 'body/resourceId must be string'],
      [{ planId: 'x'.repeat(101) }, 'body/planId must NOT have more than 100 characters'],
    ];
    for (const [body, message] of cases) {
      const answer = await subscribe(alice, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const broken = await fetch(`${server.url}/billing/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await alice.token()}`, 'content-type': 'application/json' },
      body: '{"planId":',
    });
    expect(broken.status).toBe(400);
  });
});

/** The hosted pages (billing_sessions rows) opened for the customer so far. */
const sessionsOf = async (customer: TestCustomer) =>
  (await rows(server, sql`SELECT id FROM billing_sessions WHERE customer_id = ${customer.customerId}`))
    .length;

describe('unknown body fields', () => {
  it('answers 400 naming the field, and opens no checkout', async () => {
    const carol = await createCustomer(server);
    const cases: [object, string][] = [
      [{ plan: 'cloud-databases-EUR-Monthly' }, 'plan'],
      [
        { planId: 'cloud-databases-EUR-Monthly', resourceId: String(carol.customerId), coupon: 'FREE' },
        'coupon',
      ],
      [{ ['x'.repeat(1000)]: 1 }, 'x'.repeat(100)],
    ];
    for (const [body, field] of cases) {
      const answer = await subscribe(carol, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.message).toBe(
        `Unknown field ${field}: the fields are planId, resourceId, startedOn`,
      );
    }
    expect(await sessionsOf(carol)).toBe(0);
  });

  it('answers 400 for a billing-details request with a body it does not take, and opens no page', async () => {
    const carol = await createCustomer(server);
    const update = async (body: unknown, token?: string) =>
      billingRequest(server, '/billing/information/update', token, body);
    const token = await carol.token();
    expect(await update({ returnUrl: 'x' }, token)).toMatchObject({
      status: 400,
      body: { message: 'Unknown field returnUrl: this request takes no fields' },
    });
    expect(await update(['x'], token)).toMatchObject({
      status: 400,
      body: { message: 'body must be object' },
    });
    expect(await sessionsOf(carol)).toBe(0);
    expect((await update({ returnUrl: 'x' })).status).toBe(401);
    expect((await update({}, token)).status).toBe(200);
  });
});

describe('POST /billing/information/update', () => {
  it('answers the hosted billing-details page', async () => {
    const { status, body } = await billingRequest(server, '/billing/information/update', await alice.token());
    expect(status).toBe(200);
    expect(body.url).toMatch(new RegExp(`^${server.url}/billing/hosted/details/bd_[A-Za-z0-9_-]+$`));
    const page = await (await fetch(body.url ?? '')).text();
    expect(page).toContain('Update billing details');
  });

  it('answers 401 without a token', async () => {
    const { status } = await billingRequest(server, '/billing/information/update', undefined);
    expect(status).toBe(401);
  });
});

describe('BILLING_PROVIDER', () => {
  it('is local unless set, and a provider this version does not have stops the start naming the variable', () => {
    expect(readEnvironment({}).BILLING_PROVIDER).toBe('local');
    expect(() => readEnvironment({ BILLING_PROVIDER: 'paypal' })).toThrow(
      /^Invalid environment variable BILLING_PROVIDER: .*"local"/,
    );
  });
});
