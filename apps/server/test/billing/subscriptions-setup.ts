import { expect } from 'vitest';
import { graphql } from '../generated/billing/gql.ts';
import { checkoutUrl, GOOD_CARD, postForm, rows, sql } from '../support/billing.ts';
import type { TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { billingApi } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

// What the tests of a subscription's life share: its documents of the billing API, a customer's subscriptions
// and invoices, and plans paid through the local provider's hosted checkout.

export const SUBSCRIPTIONS = graphql(`
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

export const CANCEL = graphql(`
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

export const RESUME = graphql(`
  mutation ResumeSubscription($id: ID!) {
    subscriptionResume(id: $id) {
      id
      status
      cancelAtPeriodEnd
      resumable
    }
  }
`);

export const CONTAINERS = 'serverless-containers-EUR-Monthly';
export const DATABASES = 'cloud-databases-EUR-Monthly';
export const DAY = 24 * 3600_000;

export const billing = (server: TestServer, customer: TestCustomer) =>
  billingApi(server.url, () => customer.token());

export async function subscriptionsOf(server: TestServer, customer: TestCustomer) {
  return (await billing(server, customer).data(SUBSCRIPTIONS)).subscriptions;
}

export async function subscriptionTo(
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
export async function pay(server: TestServer, customer: TestCustomer, planId: string, resourceId?: string) {
  const url = await checkoutUrl(server, customer, { planId, ...(resourceId ? { resourceId } : {}) });
  expect((await postForm(url, GOOD_CARD)).status).toBe(303);
}

/** A running cluster of the customer in the namespace, its plan paid for; returns its id. */
export async function paidCluster(
  server: TestServer,
  customer: TestCustomer,
  namespace: string,
  name: string,
) {
  const { cloudDatabaseClusterCreate } = await customer.data(CREATE_CLUSTER, {
    input: { name, namespace, plan: 'xs-1', spec: { type: 'postgresql', version: '16' } },
  });
  await waitForCluster(customer, namespace, name);
  await pay(server, customer, 'xs-1', cloudDatabaseClusterCreate.id);
  return cloudDatabaseClusterCreate.id;
}

export const invoiceCount = async (server: TestServer, customer: TestCustomer) =>
  Number(
    (
      await rows<{ count: string }>(
        server,
        sql`SELECT count(*) AS count FROM billing_invoices WHERE customer_id = ${customer.customerId}`,
      )
    )[0]?.count,
  );
