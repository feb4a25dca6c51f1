import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/billing/gql.ts';
import { checkoutUrl, GOOD_CARD, postForm, rows, scopesOf, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { billingApi, expectGraphQLError } from '../support/http.ts';
import { seedNamespace } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { activateStripeSubscription, useStripeServer } from '../support/stripe-server.ts';
import { deliverStripeEvent } from '../support/stripe-events.ts';

// Subscriptions live and end with what they pay for: a deleted cluster's plan ends at the end of its paid
// period (never renewed, not resumable), a customer cancels and resumes, and Stripe is told each time.

const SUBSCRIPTIONS = graphql(`
  query LifecycleSubscriptions {
    subscriptions {
      id
      plan {
        id
      }
      status
      resourceId
      resourceName
      currentPeriodEnd
      cancelAtPeriodEnd
      resumable
      endedAt
    }
  }
`);

const CANCEL = graphql(`
  mutation CancelSubscription($id: ID!) {
    subscriptionCancel(id: $id) {
      id
      status
      cancelAtPeriodEnd
      resumable
      currentPeriodEnd
    }
  }
`);

const RESUME = graphql(`
  mutation ResumeSubscription($id: ID!) {
    subscriptionResume(id: $id) {
      id
      status
      cancelAtPeriodEnd
      resumable
    }
  }
`);

const CONTAINERS = 'serverless-containers-EUR-Monthly';
const DATABASES = 'cloud-databases-EUR-Monthly';
const DAY = 24 * 3600_000;

const billing = (server: TestServer, customer: TestCustomer) =>
  billingApi(server.url, () => customer.token());

async function subscriptionsOf(server: TestServer, customer: TestCustomer) {
  return (await billing(server, customer).data(SUBSCRIPTIONS)).subscriptions;
}

async function subscriptionTo(
  server: TestServer,
  customer: TestCustomer,
  planId: string,
  resourceId?: string,
) {
  const found = (await subscriptionsOf(server, customer)).find(
    (row) => row.plan.id === planId && (resourceId === undefined || row.resourceId === resourceId),
  );
  if (!found) throw new Error(`no subscription to ${planId}`);
  return found;
}

/** Pays for the plan through the local provider's hosted checkout. */
async function pay(server: TestServer, customer: TestCustomer, planId: string, resourceId?: string) {
  const url = await checkoutUrl(server, customer, { planId, ...(resourceId ? { resourceId } : {}) });
  expect((await postForm(url, GOOD_CARD)).status).toBe(303);
}

/** A running cluster of the customer in the namespace, its plan paid for; returns its id. */
async function paidCluster(server: TestServer, customer: TestCustomer, namespace: string, name: string) {
  const { cloudDatabaseClusterCreate } = await customer.data(CREATE_CLUSTER, {
    input: { name, namespace, plan: 'xs-1', spec: { type: 'postgresql', version: '16' } },
  });
  await waitForCluster(customer, namespace, name);
  await pay(server, customer, 'xs-1', cloudDatabaseClusterCreate.id);
  return cloudDatabaseClusterCreate.id;
}

const invoiceCount = async (server: TestServer, customer: TestCustomer) =>
  Number(
    (
      await rows<{ count: string }>(
        server,
        sql`SELECT count(*) AS count FROM billing_invoices WHERE customer_id = ${customer.customerId}`,
      )
    )[0]?.count,
  );

describe('with the local provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("ends a deleted cluster's plan at the end of its paid period, renews nothing of it, cannot resume it", async () => {
    const customer = await createCustomer(server);
    await pay(server, customer, DATABASES);
    await seedNamespace(customer, 'shop');
    const clusterId = await paidCluster(server, customer, 'shop', 'orders');
    const paid = await subscriptionTo(server, customer, 'xs-1', clusterId);
    expect(paid).toMatchObject({ status: 'ACTIVE', resourceName: 'orders', cancelAtPeriodEnd: false });

    await customer.data(
      'mutation { cloudDatabaseClusterDelete(cloudDatabase: {name: "orders", namespace: "shop"}) }',
    );
    const ending = await subscriptionTo(server, customer, 'xs-1', clusterId);
    expect(ending).toMatchObject({
      status: 'ACTIVE',
      resourceName: 'orders',
      cancelAtPeriodEnd: true,
      resumable: false,
      currentPeriodEnd: paid.currentPeriodEnd,
    });
    const resume = await billing(server, customer).gql(RESUME, { id: ending.id });
    expect(expectGraphQLError(resume, 'CONFLICT').message).toBe(
      `Subscription ${ending.id} ends with the resource it paid for, which was deleted`,
    );

    const invoicesBefore = await invoiceCount(server, customer);
    const afterEnd = new Date(Date.parse(paid.currentPeriodEnd ?? '') + DAY);
    await server.services.billing.collectDue(afterEnd);
    expect(await subscriptionTo(server, customer, 'xs-1', clusterId)).toMatchObject({ status: 'ENDED' });
    // The cloud-databases plan renewed (one invoice); the cluster's plan did not.
    expect(await subscriptionTo(server, customer, DATABASES)).toMatchObject({ status: 'ACTIVE' });
    expect(await invoiceCount(server, customer)).toBe(invoicesBefore + 1);
  });

  it('ends the plans of the clusters in a namespace deleted with its contents', async () => {
    const customer = await createCustomer(server);
    await pay(server, customer, DATABASES);
    await seedNamespace(customer, 'temp');
    const clusterId = await paidCluster(server, customer, 'temp', 'scratch');
    await customer.data('mutation { namespaceDelete(namespace: {name: "temp", deleteResources: true}) }');
    expect(await subscriptionTo(server, customer, 'xs-1', clusterId)).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      resumable: false,
    });
    // The product plan is the customer's, not the namespace's: it goes on.
    expect(await subscriptionTo(server, customer, DATABASES)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('lets the customer cancel and resume; a cancelled subscription ends at its period end, its product with it', async () => {
    const customer = await createCustomer(server);
    await pay(server, customer, CONTAINERS);
    const { id, currentPeriodEnd } = await subscriptionTo(server, customer, CONTAINERS);
    const api = billing(server, customer);

    const cancelled = (await api.data(CANCEL, { id })).subscriptionCancel;
    expect(cancelled).toEqual({
      id,
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      resumable: true,
      currentPeriodEnd,
    });
    // Paid for until the period ends: the product is still held.
    expect(await scopesOf(server, customer, 'serverless-container')).toEqual(['create']);
    expect((await api.data(CANCEL, { id })).subscriptionCancel.cancelAtPeriodEnd).toBe(true);

    expect((await api.data(RESUME, { id })).subscriptionResume).toEqual({
      id,
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      resumable: false,
    });
    await api.data(CANCEL, { id });

    const invoicesBefore = await invoiceCount(server, customer);
    await server.services.billing.collectDue(new Date(Date.parse(currentPeriodEnd ?? '') + 60_000));
    expect(await subscriptionTo(server, customer, CONTAINERS)).toMatchObject({
      status: 'ENDED',
      resumable: false,
    });
    expect(await invoiceCount(server, customer)).toBe(invoicesBefore);
    expect(await scopesOf(server, customer, 'serverless-container')).toEqual(['create-limited']);

    expect(expectGraphQLError(await api.gql(RESUME, { id }), 'CONFLICT').message).toBe(
      `Subscription ${id} has ended: subscribe again instead`,
    );
    expect(expectGraphQLError(await api.gql(CANCEL, { id }), 'CONFLICT').message).toBe(
      `Subscription ${id} has ended already`,
    );
  });

  it("cannot touch another customer's subscription, nor one that does not exist", async () => {
    const owner = await createCustomer(server);
    await pay(server, owner, CONTAINERS);
    const { id } = await subscriptionTo(server, owner, CONTAINERS);
    const other = await createCustomer(server);
    const api = billing(server, other);
    for (const target of [id, '0', '99999999999', 'abc']) {
      const answers = [await api.gql(CANCEL, { id: target }), await api.gql(RESUME, { id: target })];
      for (const answer of answers) {
        expect(expectGraphQLError(answer, 'NOT_FOUND').message).toBe(`Subscription ${target} not found`);
      }
    }
    expect(await subscriptionTo(server, owner, CONTAINERS)).toMatchObject({ cancelAtPeriodEnd: false });
  });
});

const WEBHOOK_SECRET = 'whsec_lifecycle';

describe('with Stripe', () => {
  const suite = useStripeServer(WEBHOOK_SECRET);

  /** A Stripe subscription of the customer, its period ending in 30 days. */
  const stripeSubscription = (customer: TestCustomer, planId: string, resourceId: string) =>
    activateStripeSubscription(suite.server, customer, {
      planId,
      resourceId,
      periodEnd: new Date(Date.now() + 30 * DAY),
    });

  const updatesOf = (subscription: string) =>
    suite.stripe.requests
      .filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription}`)
      .map((request) => request.params.cancel_at_period_end);

  it('sets cancel_at_period_end at Stripe when the customer cancels and resumes', async () => {
    const customer = await createCustomer(suite.server);
    const subscription = await stripeSubscription(customer, CONTAINERS, String(customer.customerId));
    const { id } = await subscriptionTo(suite.server, customer, CONTAINERS);
    await billing(suite.server, customer).data(CANCEL, { id });
    await billing(suite.server, customer).data(RESUME, { id });
    expect(updatesOf(subscription)).toEqual(['true', 'false']);
  });

  it('keeps a cancellation Stripe refused and tells Stripe again later', async () => {
    const customer = await createCustomer(suite.server);
    const subscription = await stripeSubscription(customer, CONTAINERS, String(customer.customerId));
    const { id } = await subscriptionTo(suite.server, customer, CONTAINERS);
    suite.stripe.failNext(400, { type: 'api_error', message: 'Stripe is having a moment' });
    const { subscriptionCancel } = await billing(suite.server, customer).data(CANCEL, { id });
    expect(subscriptionCancel.cancelAtPeriodEnd).toBe(true);
    expect(updatesOf(subscription)).toEqual(['true']);
    const [row] = await rows<{ provider_synced: boolean }>(
      suite.server,
      sql`SELECT provider_synced FROM billing_subscriptions WHERE external_id = ${subscription}`,
    );
    expect(row?.provider_synced).toBe(false);

    await suite.server.services.billing.tellProviderPending();
    expect(updatesOf(subscription)).toEqual(['true', 'true']);
    await suite.server.services.billing.tellProviderPending();
    expect(updatesOf(subscription), 'told once it succeeded').toEqual(['true', 'true']);
  });

  it("records a cancellation made in Stripe's Customer Portal, and its undoing", async () => {
    const customer = await createCustomer(suite.server);
    const resourceId = String(customer.customerId);
    const subscription = await stripeSubscription(customer, CONTAINERS, resourceId);
    const updated = (cancel: boolean) =>
      deliverStripeEvent(suite.server.url, WEBHOOK_SECRET, 'customer.subscription.updated', {
        id: subscription,
        object: 'subscription',
        customer: `cus_${randomBytes(6).toString('hex')}`,
        status: 'active',
        cancel_at_period_end: cancel,
        metadata: { customerId: resourceId, planId: CONTAINERS, resourceId },
        items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
      });
    expect(await updated(true)).toBe(200);
    expect(await subscriptionTo(suite.server, customer, CONTAINERS)).toMatchObject({
      cancelAtPeriodEnd: true,
      resumable: true,
    });
    expect(await updated(false)).toBe(200);
    expect(await subscriptionTo(suite.server, customer, CONTAINERS)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    // Stripe told us: nothing to tell it back.
    expect(updatesOf(subscription)).toEqual([]);
  });

  it("tells Stripe that a deleted cluster's plan ends at its period end", async () => {
    const customer = await createCustomer(suite.server, { subscriptions: ['cloud-database'] });
    await seedNamespace(customer, 'shop');
    const { cloudDatabaseClusterCreate } = await customer.data(CREATE_CLUSTER, {
      input: { name: 'orders', namespace: 'shop', plan: 'xs-1', spec: { type: 'postgresql', version: '16' } },
    });
    await waitForCluster(customer, 'shop', 'orders');
    const subscription = await stripeSubscription(customer, 'xs-1', cloudDatabaseClusterCreate.id);
    await customer.data(
      'mutation { cloudDatabaseClusterDelete(cloudDatabase: {name: "orders", namespace: "shop"}) }',
    );
    await suite.server.services.billing.tellProviderPending();
    expect(updatesOf(subscription)).toEqual(['true']);
  });
});
