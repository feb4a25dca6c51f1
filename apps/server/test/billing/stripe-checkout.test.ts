import { describe, expect, it } from 'vitest';
import { billingRequest } from '../support/billing.ts';
import { createCustomer } from '../support/customers.ts';
import { DATABASES, checkoutCompleted, random, useStripeProvider } from './stripe-provider-setup.ts';

// What Berth asks Stripe for: Checkout Sessions and Customer Portal sessions, and what it answers when Stripe
// refuses.

const { suite, deliver } = useStripeProvider();

describe('checkout and the Customer Portal', () => {
  it('creates a subscription Checkout Session for the plan’s price, naming the customer and resource', async () => {
    const alice = await createCustomer(suite.server);
    const answer = await billingRequest(suite.server, '/billing/subscriptions', await alice.token(), {
      planId: DATABASES,
    });
    expect(answer.status).toBe(200);
    const request = suite.stripeApi.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.headers.authorization).toBe('Bearer sk_test_berth');
    const id = String(alice.customerId);
    expect(request?.params).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_databases',
      'line_items[0][quantity]': '1',
      client_reference_id: id,
      'metadata[customerId]': id,
      'metadata[planId]': DATABASES,
      'metadata[resourceId]': id,
      'subscription_data[metadata][customerId]': id,
      'subscription_data[metadata][planId]': DATABASES,
      'subscription_data[metadata][resourceId]': id,
      customer_email: alice.email,
      success_url: `${suite.server.url}/storage/databases?checkout=success`,
      cancel_url: `${suite.server.url}/storage/databases?checkout=cancelled`,
    });
    expect(answer.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  });

  it('has no billing details page before a first subscription (409 with why)', async () => {
    const alice = await createCustomer(suite.server);
    const before = suite.stripeApi.requests.length;
    const answer = await billingRequest(suite.server, '/billing/information/update', await alice.token());
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      error: 'CONFLICT',
      message: 'There are no billing details yet: they are kept from your first subscription on',
      requestId: answer.headers.get('x-request-id'),
    });
    expect(suite.stripeApi.requests).toHaveLength(before);
  });

  it('reuses the Stripe customer of a completed checkout, and opens the Customer Portal for it', async () => {
    const alice = await createCustomer(suite.server);
    const stripeCustomer = `cus_${random()}`;
    expect((await deliver(checkoutCompleted(alice, stripeCustomer))).status).toBe(200);

    const checkout = await billingRequest(suite.server, '/billing/subscriptions', await alice.token(), {
      planId: DATABASES,
    });
    expect(checkout.status).toBe(200);
    const params = suite.stripeApi.requests.at(-1)?.params;
    expect(params?.customer).toBe(stripeCustomer);
    expect(params).not.toHaveProperty('customer_email');

    const details = await billingRequest(suite.server, '/billing/information/update', await alice.token());
    expect(details.status).toBe(200);
    expect(suite.stripeApi.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer: stripeCustomer, return_url: `${suite.server.url}/account/billing` },
    });
    expect(details.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_/);
  });
});

describe('Stripe refusing a call', () => {
  it('is our failure (500, nothing of Stripe’s answer), not the customer’s bad input', async () => {
    const alice = await createCustomer(suite.server);
    suite.stripeApi.failNext(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such price: price_containers',
    });
    const answer = await billingRequest(suite.server, '/billing/subscriptions', await alice.token(), {});
    expect(answer).toMatchObject({
      status: 500,
      body: { error: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side' },
    });
  });
});
