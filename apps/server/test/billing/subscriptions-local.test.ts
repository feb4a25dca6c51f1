import { describe, expect, it } from 'vitest';
import { scopesOf } from '../support/billing.ts';
import { createCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seedNamespace } from '../support/seed.ts';
import { useServer } from '../support/server.ts';
import {
  CANCEL,
  CONTAINERS,
  DATABASES,
  DAY,
  RESUME,
  billing,
  invoiceCount,
  paidCluster,
  pay,
  subscriptionTo,
} from './subscriptions-setup.ts';

// Subscriptions live and end with what they pay for: a deleted cluster's plan ends at the end of its paid
// period (never renewed, not resumable), a customer cancels and resumes, and Stripe is told each time.

describe('with the local provider', () => {
  const suite = useServer();

  it("ends a deleted cluster's plan at the end of its paid period, renews nothing of it, cannot resume it", async () => {
    const customer = await createCustomer(suite.server);
    await pay(suite.server, customer, DATABASES);
    await seedNamespace(customer, 'shop');
    const clusterId = await paidCluster(suite.server, customer, 'shop', 'orders');
    const paid = await subscriptionTo(suite.server, customer, 'xs-1', clusterId);
    expect(paid).toMatchObject({ status: 'ACTIVE', resourceName: 'orders', cancelAtPeriodEnd: false });

    await customer.data(
      'mutation { cloudDatabaseClusterDelete(cloudDatabase: {name: "orders", namespace: "shop"}) }',
    );
    const ending = await subscriptionTo(suite.server, customer, 'xs-1', clusterId);
    expect(ending).toMatchObject({
      status: 'ACTIVE',
      resourceName: 'orders',
      cancelAtPeriodEnd: true,
      resumable: false,
      currentPeriodEnd: paid.currentPeriodEnd,
    });
    const resume = await billing(suite.server, customer).gql(RESUME, { id: ending.id });
    expect(expectGraphQLError(resume, 'CONFLICT').message).toBe(
      `Subscription ${ending.id} ends with the resource it paid for, which was deleted`,
    );

    const invoicesBefore = await invoiceCount(suite.server, customer);
    const afterEnd = new Date(Date.parse(paid.currentPeriodEnd ?? '') + DAY);
    await suite.server.services.billing.collectDue(afterEnd);
    expect(await subscriptionTo(suite.server, customer, 'xs-1', clusterId)).toMatchObject({
      status: 'ENDED',
    });
    // The cloud-databases plan renewed (one invoice); the cluster's plan did not.
    expect(await subscriptionTo(suite.server, customer, DATABASES)).toMatchObject({ status: 'ACTIVE' });
    expect(await invoiceCount(suite.server, customer)).toBe(invoicesBefore + 1);
  });

  it('ends the plans of the clusters in a namespace deleted with its contents', async () => {
    const customer = await createCustomer(suite.server);
    await pay(suite.server, customer, DATABASES);
    await seedNamespace(customer, 'temp');
    const clusterId = await paidCluster(suite.server, customer, 'temp', 'scratch');
    await customer.data('mutation { namespaceDelete(namespace: {name: "temp", deleteResources: true}) }');
    expect(await subscriptionTo(suite.server, customer, 'xs-1', clusterId)).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      resumable: false,
    });
    // The product plan is the customer's, not the namespace's: it goes on.
    expect(await subscriptionTo(suite.server, customer, DATABASES)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  });

  it('lets the customer cancel and resume; a cancelled subscription ends at its period end, its product with it', async () => {
    const customer = await createCustomer(suite.server);
    await pay(suite.server, customer, CONTAINERS);
    const { id, currentPeriodEnd } = await subscriptionTo(suite.server, customer, CONTAINERS);
    const api = billing(suite.server, customer);

    const cancelled = (await api.data(CANCEL, { id })).subscriptionCancel;
    expect(cancelled).toEqual({
      id,
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      resumable: true,
      currentPeriodEnd,
    });
    // Paid for until the period ends: the product is still held.
    expect(await scopesOf(suite.server, customer, 'serverless-container')).toEqual(['create']);
    expect((await api.data(CANCEL, { id })).subscriptionCancel.cancelAtPeriodEnd).toBe(true);

    expect((await api.data(RESUME, { id })).subscriptionResume).toEqual({
      id,
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      resumable: false,
    });
    await api.data(CANCEL, { id });

    const invoicesBefore = await invoiceCount(suite.server, customer);
    await suite.server.services.billing.collectDue(new Date(Date.parse(currentPeriodEnd ?? '') + 60_000));
    expect(await subscriptionTo(suite.server, customer, CONTAINERS)).toMatchObject({
      status: 'ENDED',
      resumable: false,
    });
    expect(await invoiceCount(suite.server, customer)).toBe(invoicesBefore);
    expect(await scopesOf(suite.server, customer, 'serverless-container')).toEqual(['create-limited']);

    expect(expectGraphQLError(await api.gql(RESUME, { id }), 'CONFLICT').message).toBe(
      `Subscription ${id} has ended: subscribe again instead`,
    );
    expect(expectGraphQLError(await api.gql(CANCEL, { id }), 'CONFLICT').message).toBe(
      `Subscription ${id} has ended already`,
    );
  });

  it("cannot touch another customer's subscription, nor one that does not exist", async () => {
    const owner = await createCustomer(suite.server);
    await pay(suite.server, owner, CONTAINERS);
    const { id } = await subscriptionTo(suite.server, owner, CONTAINERS);
    const other = await createCustomer(suite.server);
    const api = billing(suite.server, other);
    for (const target of [id, '0', '99999999999', 'abc']) {
      const answers = [await api.gql(CANCEL, { id: target }), await api.gql(RESUME, { id: target })];
      for (const answer of answers) {
        expect(expectGraphQLError(answer, 'NOT_FOUND').message).toBe(`Subscription ${target} not found`);
      }
    }
    expect(await subscriptionTo(suite.server, owner, CONTAINERS)).toMatchObject({ cancelAtPeriodEnd: false });
  });
});
