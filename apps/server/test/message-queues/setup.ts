import { expect } from 'vitest';
import type { AppOptions } from '../../src/app.ts';
import { graphql } from '../generated/gql.ts';
import type { MessageQueueCreateInput } from '../generated/graphql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { CREATE_QUEUE, QUEUE_CREDENTIALS, waitForQueue } from '../support/message-queues.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// What the message-queue API's tests share: its documents, the queue `events` they make in namespace `shop`
// (and the input that makes it), and a server per file on which customers get one.

export const QUEUES = graphql(`
  query MessageQueues {
    messageQueues {
      name
      state
      namespace {
        name
      }
    }
  }
`);
export const NAMESPACE_QUEUES = graphql(`
  query NamespaceMessageQueues($name: String!) {
    namespace(name: $name) {
      messageQueues {
        name
        ingress {
          domainName
        }
      }
    }
  }
`);
export const MODIFY_QUEUE = graphql(`
  mutation ModifyMessageQueue($input: MessageQueueModifyInput) {
    messageQueueModify(messageQueue: $input) {
      name
      state
      locked
      ingress {
        allowList
        status
      }
    }
  }
`);
export const DELETE_QUEUE = graphql(`
  mutation DeleteMessageQueue($name: String!, $namespace: String!) {
    messageQueueDelete(messageQueue: { name: $name, namespace: $namespace })
  }
`);
export const MODIFY_QUEUE_USER = graphql(`
  mutation ModifyMessageQueueUser($input: CloudDatabaseClusterUserModifyInput) {
    messageQueueUserModify(userInput: $input) {
      ...MessageQueueUserFields
    }
  }
`);
export const QUEUE_EVENTS = graphql(`
  query MessageQueueEvents($name: String!, $namespace: String!) {
    messageQueue(messageQueue: { name: $name, namespace: $namespace }) {
      state
      events(limit: 20) {
        type
        message
      }
    }
  }
`);

export const NAMESPACE = 'shop';
export const queue = (name = 'events') => ({ name, namespace: NAMESPACE });

export const baseInput = (overrides: Partial<MessageQueueCreateInput> = {}): MessageQueueCreateInput => ({
  name: 'events',
  namespace: NAMESPACE,
  plan: 'mq-xs-1',
  spec: { type: 'rabbitmq', version: '4.1' },
  allowList: [{ ip: '203.0.113.0/24' }],
  ...overrides,
});

/** A new customer with its namespace `shop` (no product subscription: a queue is paid by its own plan). */
export const customerWithNamespace = async (suite: { server: Parameters<typeof seed>[0] }) =>
  (await seed(suite.server).customer().namespace(NAMESPACE)).customer;

/** The file's server (with these settings), and on it a new customer with its queue running. */
export function useQueuesServer(overrides: Record<string, string> = {}, options: AppOptions = {}) {
  const suite = useServer(overrides, options);
  return {
    get server() {
      return suite.server;
    },
    async customerWithQueue(input: Partial<MessageQueueCreateInput> = {}) {
      const customer = await customerWithNamespace(suite);
      const { body } = await customer.gql(CREATE_QUEUE, { input: baseInput(input) });
      expect(body.errors).toBeUndefined();
      const running = await waitForQueue(customer, NAMESPACE, input.name ?? 'events');
      return { customer, running };
    },
  };
}

export const credentials = async (customer: TestCustomer, username = 'admin', name = 'events') =>
  (await customer.data(QUEUE_CREDENTIALS, { ...queue(name), username })).messageQueueUserCredentials;
