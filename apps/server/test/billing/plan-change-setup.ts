import { graphql } from '../generated/billing/gql.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { billingApi } from '../support/http.ts';
import { seedNamespace } from '../support/seed.ts';
import type { TestServer } from '../support/server.ts';

// What the tests of a database cluster's plan change share: its documents of the billing API, the cluster
// `orders` whose plan is changed, and the subscription and invoices of its customer.

export const PLAN_STATE = graphql(`
  query PlanChangeState {
    subscriptions {
      id
      plan {
        id
      }
      status
      resourceId
      currentPeriodEnd
      pendingPlan {
        id
      }
      pendingPlanAt
      planChanges {
        id
        price {
          amountCents
        }
      }
    }
    invoices {
      number
      lines {
        description
        amount {
          amountCents
        }
      }
      total {
        amountCents
      }
    }
  }
`);

export const PREVIEW = graphql(`
  query PreviewPlanChange($id: ID!, $planId: ID!) {
    subscriptionPlanChangePreview(id: $id, planId: $planId) {
      subscriptionId
      from {
        id
      }
      to {
        id
      }
      timing
      effectiveAt
      chargedNow {
        amountCents
        currency
      }
      nextPeriodPrice {
        amountCents
      }
      prorationDate
    }
  }
`);

export const CHANGE = graphql(`
  mutation ChangePlan($id: ID!, $planId: ID!, $prorationDate: DateTime) {
    subscriptionChangePlan(id: $id, planId: $planId, prorationDate: $prorationDate) {
      id
      plan {
        id
      }
      pendingPlan {
        id
      }
      pendingPlanAt
    }
  }
`);

export const CANCEL = graphql(`
  mutation CancelBeforePlanChange($id: ID!) {
    subscriptionCancel(id: $id) {
      id
    }
  }
`);

export interface ClusterPlan {
  cloudDatabaseCluster: {
    state: string;
    plan: { id: string; storage: number; replicas: number };
    events: { type: string; message: string }[];
  };
}

export const CLUSTER_PLAN = `query ClusterPlan {
  cloudDatabaseCluster(cloudDatabase: {name: "orders", namespace: "shop"}) {
    state plan { id storage replicas } events(limit: 5) { type message }
  }
}`;

export const DAY = 24 * 3600_000;
export const MONTH = 30 * DAY;

export const billing = (server: TestServer, customer: TestCustomer) =>
  billingApi(server.url, () => customer.token());

export const clusterOf = async (customer: TestCustomer) =>
  (await customer.data<ClusterPlan>(CLUSTER_PLAN)).cloudDatabaseCluster;

/** A running cluster "orders" on `plan` of a customer subscribed to cloud databases; its id. */
export async function cluster(server: TestServer, plan: string) {
  const customer = await createCustomer(server, { subscriptions: ['cloud-database'] });
  await seedNamespace(customer, 'shop');
  const { cloudDatabaseClusterCreate } = await customer.data(CREATE_CLUSTER, {
    input: { name: 'orders', namespace: 'shop', plan, spec: { type: 'postgresql', version: '16' } },
  });
  await waitForCluster(customer, 'shop', 'orders');
  return { customer, clusterId: cloudDatabaseClusterCreate.id };
}

export async function stateOf(server: TestServer, customer: TestCustomer, clusterId: string) {
  const state = await billing(server, customer).data(PLAN_STATE);
  const subscription = state.subscriptions.find((row) => row.resourceId === clusterId);
  if (!subscription) throw new Error(`no subscription for cluster ${clusterId}`);
  return { subscription, invoices: state.invoices };
}
