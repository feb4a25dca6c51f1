import { graphql } from '@/lib/graphql/document.ts';

// What the portal reads of a message queue, once per type it shows: a row of the lists (also what creating a
// queue answers) and a details page; and of a plan, the same on a queue's details page as among the plans a
// new queue can have. Every operation asking for one of them spreads its fragment and is sent with it
// (withFragments), and with the fragments that one spreads.

export const queueRowFragment = graphql(`
  fragment QueueRow on MessageQueue {
    id
    name
    state
    locked
    unpaidSince
    unpaidStopAt
    namespace {
      id
      name
    }
    spec {
      type
      version
    }
    plan {
      id
      name
      price {
        amount
        currency
      }
    }
  }
`);

export const queuePlanFragment = graphql(`
  fragment QueuePlan on MessageQueuePlan {
    id
    name
    group
    replicas
    cpu
    memory
    storage
    price {
      amount
      currency
    }
    benchmark {
      connections
      minimumMessageRate
      maximumMessageRate
    }
  }
`);

/** Spreads QueuePlan and ExternalConnectionView: sent with queuePlanFragment and externalConnectionFragment. */
export const queueDetailsFragment = graphql(`
  fragment QueueDetails on MessageQueue {
    id
    name
    namespace {
      id
      name
    }
    state
    locked
    unpaidSince
    unpaidStopAt
    createdAt
    plan {
      ...QueuePlan
    }
    spec {
      type
      version
      patchLevelVersion
    }
    ingress {
      id
      domainName
      tlsEnabled
      allowList
      status
    }
    adminUser {
      name
      role
      status
      dsn
    }
    managementUrl
    amqpPort
    externalConnection {
      ...ExternalConnectionView
    }
  }
`);
