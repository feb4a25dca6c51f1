import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/billing/gql.ts';
import { checkoutUrl, GOOD_CARD, postForm } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { billingApi } from '../support/http.ts';
import { seedNamespace } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// "Pay later" is a real state: a database cluster whose own plan is not paid is marked unpaid, stopped (never
// deleted) once the grace period is over, and started again when it is paid for.

const UNPAID = graphql(`
  query UnpaidResources {
    unpaidResources {
      id
      kind
      name
      namespace
      plan {
        id
        price {
          amountCents
        }
      }
      unpaidSince
      stopsAt
      stopped
    }
    subscriptions {
      id
      plan {
        id
      }
      status
      currentPeriodEnd
    }
  }
`);

const CANCEL = graphql(`
  mutation CancelClusterPlan($id: ID!) {
    subscriptionCancel(id: $id) {
      id
    }
  }
`);

interface ClusterPayment {
  cloudDatabaseCluster: {
    state: string;
    unpaidSince: string | null;
    unpaidStopAt: string | null;
    databases: { name: string }[];
    events: { type: string; message: string }[];
  };
}

const CLUSTER_PAYMENT = `query ClusterPayment {
  cloudDatabaseCluster(cloudDatabase: {name: "orders", namespace: "shop"}) {
    state unpaidSince unpaidStopAt databases { name } events(limit: 20) { type message }
  }
}`;

const DAY = 24 * 3600_000;
const GRACE_DAYS = 7;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ UNPAID_GRACE_DAYS: String(GRACE_DAYS) });
});
afterAll(() => server.close());

const unpaidOf = async (customer: TestCustomer) =>
  billingApi(server.url, () => customer.token()).data(UNPAID);
const clusterOf = async (customer: TestCustomer) =>
  (await customer.data<ClusterPayment>(CLUSTER_PAYMENT)).cloudDatabaseCluster;

async function unpaidCluster() {
  const customer = await createCustomer(server, { subscriptions: ['cloud-database'] });
  await seedNamespace(customer, 'shop');
  const { cloudDatabaseClusterCreate } = await customer.data(CREATE_CLUSTER, {
    input: {
      name: 'orders',
      namespace: 'shop',
      plan: 'xs-1',
      spec: { type: 'postgresql', version: '16' },
      databases: [{ name: 'app' }],
    },
  });
  await waitForCluster(customer, 'shop', 'orders');
  return { customer, id: cloudDatabaseClusterCreate.id };
}

async function pay(customer: TestCustomer, clusterId: string) {
  const url = await checkoutUrl(server, customer, { planId: 'xs-1', resourceId: clusterId });
  expect((await postForm(url, GOOD_CARD)).status).toBe(303);
}

describe('a database cluster created without paying for its plan', () => {
  it('is marked unpaid, with the day it stops', async () => {
    const before = Date.now();
    const { customer, id } = await unpaidCluster();
    const cluster = await clusterOf(customer);
    const since = Date.parse(cluster.unpaidSince ?? '');
    expect(since).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(cluster.unpaidStopAt ?? '')).toBe(since + GRACE_DAYS * DAY);
    const { unpaidResources } = await unpaidOf(customer);
    expect(unpaidResources).toEqual([
      {
        id,
        kind: 'DATABASE_CLUSTER',
        name: 'orders',
        namespace: 'shop',
        plan: { id: 'xs-1', price: { amountCents: expect.any(Number) as number } },
        unpaidSince: cluster.unpaidSince,
        stopsAt: cluster.unpaidStopAt,
        stopped: false,
      },
    ]);
    // Another customer's unpaid clusters are not theirs to see.
    const other = await createCustomer(server);
    expect((await unpaidOf(other)).unpaidResources).toEqual([]);
  });

  it('is stopped when the grace period is over, keeping everything, and starts again once paid for', async () => {
    const { customer, id } = await unpaidCluster();
    // Other customers' clusters may be stopped too: what counts is this one's state.
    await server.services.databaseClusters.stopUnpaid(new Date(Date.now() + (GRACE_DAYS - 1) * DAY));
    expect((await clusterOf(customer)).state).toBe('running');

    await server.services.databaseClusters.stopUnpaid(new Date(Date.now() + (GRACE_DAYS + 1) * DAY));
    await waitForCluster(customer, 'shop', 'orders', 'stopped');
    const stopped = await clusterOf(customer);
    expect(stopped.databases).toEqual([{ name: 'app' }]);
    expect(stopped.unpaidStopAt).toBeNull();
    expect(stopped.events[0]?.type).toBe('STOPPED_UNPAID');
    expect(stopped.events[0]?.message).toMatch(
      /^Stopped: its plan is unpaid since \d{4}-\d\d-\d\d and the 7 days of grace are over\. Nothing was deleted; paying starts it again$/,
    );
    expect((await unpaidOf(customer)).unpaidResources).toMatchObject([{ id, stopped: true, stopsAt: null }]);
    // Stopping twice does nothing.
    await server.services.databaseClusters.stopUnpaid(new Date(Date.now() + 30 * DAY));
    const stops = (await clusterOf(customer)).events.filter((event) => event.type === 'STOPPED_UNPAID');
    expect(stops).toHaveLength(1);

    await pay(customer, id);
    await waitForCluster(customer, 'shop', 'orders', 'running');
    const started = await clusterOf(customer);
    expect(started).toMatchObject({ unpaidSince: null, unpaidStopAt: null });
    expect(started.events.map((event) => event.type)).toContain('STARTED_PAID');
    expect((await unpaidOf(customer)).unpaidResources).toEqual([]);
  });

  it('is unpaid again when its subscription ends while it lives', async () => {
    const { customer, id } = await unpaidCluster();
    await pay(customer, id);
    expect((await clusterOf(customer)).unpaidSince).toBeNull();
    const { subscriptions } = await unpaidOf(customer);
    const plan = subscriptions.find((row) => row.plan.id === 'xs-1');
    await billingApi(server.url, () => customer.token()).data(CANCEL, { id: plan?.id ?? '' });
    await server.services.billing.collectDue(new Date(Date.parse(plan?.currentPeriodEnd ?? '') + 60_000));
    const after = await clusterOf(customer);
    expect(after.unpaidSince).not.toBeNull();
    expect((await unpaidOf(customer)).unpaidResources.map((resource) => resource.id)).toEqual([id]);
  });
});
