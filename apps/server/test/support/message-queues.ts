import { graphql } from '../generated/gql.ts';
import { waitForState, type PlatformApi } from './http.ts';

// Message queue operations as clients write them, and the wait for the provisioner.

graphql(`
  fragment MessageQueueUserFields on MessageQueueUser {
    name
    role
    status
    dsn
    password
  }
`);

graphql(`
  fragment MessageQueueFields on MessageQueue {
    id
    name
    state
    locked
    namespace {
      name
    }
    plan {
      id
      name
      replicas
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
      ...MessageQueueUserFields
    }
    managementUrl
    amqpPort
    createdAt
    unpaidSince
    unpaidStopAt
  }
`);

export const CREATE_QUEUE = graphql(`
  mutation CreateMessageQueue($input: MessageQueueCreateInput) {
    messageQueueCreate(messageQueue: $input) {
      ...MessageQueueFields
    }
  }
`);
export const QUEUE = graphql(`
  query MessageQueue($name: String!, $namespace: String!) {
    messageQueue(messageQueue: { name: $name, namespace: $namespace }) {
      ...MessageQueueFields
    }
  }
`);
export const QUEUE_CREDENTIALS = graphql(`
  query MessageQueueCredentials($name: String!, $namespace: String!, $username: String!) {
    messageQueueUserCredentials(messageQueue: { name: $name, namespace: $namespace }, username: $username) {
      ...MessageQueueUserFields
    }
  }
`);

/** Polls until the message queue is in this state and unlocked; returns it. */
export function waitForQueue(api: PlatformApi, namespace: string, name: string, state = 'running') {
  return waitForState(
    `message queue ${name}`,
    state,
    async () => (await api.gql(QUEUE, { name, namespace })).body.data?.messageQueue,
  );
}
