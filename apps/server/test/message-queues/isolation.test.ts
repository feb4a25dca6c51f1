import { describe, expect, it } from 'vitest';
import { expectGraphQLError } from '../support/http.ts';
import { CREATE_QUEUE, QUEUE, QUEUE_CREDENTIALS, waitForQueue } from '../support/message-queues.ts';
import { auditLogs } from '../support/queries.ts';
import { seed, seedNamespace } from '../support/seed.ts';
import {
  DELETE_QUEUE,
  MODIFY_QUEUE,
  MODIFY_QUEUE_USER,
  NAMESPACE,
  NAMESPACE_QUEUES,
  QUEUES,
  baseInput,
  credentials,
  customerWithNamespace,
  queue,
  useQueuesServer,
} from './setup.ts';

// A queue is its customer's alone: another customer naming it gets NOT_FOUND, as for one that does not exist,
// whatever the call, sees none of it in a list, and changes nothing of it.

const suite = useQueuesServer();
const { customerWithQueue } = suite;

describe('isolation', () => {
  it('gives another customer not found for every call naming the queue, and lists none of it', async () => {
    const { customer, running } = await customerWithQueue();
    const password = (await credentials(customer)).password;
    // The other customer's own namespace is also named shop: the queue is looked up in theirs.
    const other = await customerWithNamespace(suite);
    const theirs = queue();
    const attempts = [
      other.gql(QUEUE, theirs),
      other.gql(QUEUE_CREDENTIALS, { ...theirs, username: 'admin' }),
      other.gql(MODIFY_QUEUE, { input: { ...theirs, allowList: [{ ip: '192.0.2.1' }] } }),
      other.gql(MODIFY_QUEUE, { input: theirs }),
      other.gql(MODIFY_QUEUE_USER, {
        input: { cluster: theirs, user: { name: 'admin', password: 'stolen-password-1', permissions: [] } },
      }),
      other.gql(MODIFY_QUEUE_USER, {
        input: { cluster: theirs, user: { name: 'admin', password: null, permissions: [] } },
      }),
      other.gql(DELETE_QUEUE, theirs),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(expectGraphQLError(response, 'NOT_FOUND').message).toBe('Message queue events not found');
    }

    // A customer without a namespace of that name is told about the namespace, as for any other.
    const stranger = (await seed(suite.server).customer().namespace('elsewhere')).customer;
    for (const response of await Promise.all([
      stranger.gql(QUEUE, theirs),
      stranger.gql(QUEUE_CREDENTIALS, { ...theirs, username: 'admin' }),
      stranger.gql(MODIFY_QUEUE, { input: theirs }),
      stranger.gql(MODIFY_QUEUE_USER, {
        input: { cluster: theirs, user: { name: 'admin', password: null, permissions: [] } },
      }),
      stranger.gql(DELETE_QUEUE, theirs),
    ])) {
      expect(expectGraphQLError(response, 'NOT_FOUND').message).toBe('Namespace shop not found');
    }

    expect((await other.data(QUEUES)).messageQueues).toEqual([]);
    expect((await stranger.data(QUEUES)).messageQueues).toEqual([]);
    const { namespace } = await other.data(NAMESPACE_QUEUES, { name: NAMESPACE });
    expect(namespace.messageQueues).toEqual([]);
    // Nothing was revealed to them, nor recorded in their name.
    expect((await auditLogs(other)).filter((entry) => entry.modelName !== 'Namespace')).toEqual([]);

    // The owner's queue is as it was: running, same allowlist, same password.
    expect(await waitForQueue(customer, NAMESPACE, 'events')).toEqual(running);
    expect((await credentials(customer)).password).toBe(password);
    expect((await customer.data(QUEUES)).messageQueues.map((row) => row.name)).toEqual(['events']);
  });

  it("lists each customer's own queues only, across its namespaces", async () => {
    const { customer } = await customerWithQueue();
    // A second namespace needs the serverless-containers subscription (the free start has one).
    await customer.subscribe();
    await seedNamespace(customer, 'staging');
    await customer.data(CREATE_QUEUE, { input: baseInput({ namespace: 'staging' }) });
    await waitForQueue(customer, 'staging', 'events');
    const { customer: other } = await customerWithQueue({ name: 'orders' });

    expect((await customer.data(QUEUES)).messageQueues).toEqual([
      { name: 'events', state: 'running', namespace: { name: NAMESPACE } },
      { name: 'events', state: 'running', namespace: { name: 'staging' } },
    ]);
    const { namespace } = await customer.data(NAMESPACE_QUEUES, { name: 'staging' });
    expect(namespace.messageQueues).toEqual([
      { name: 'events', ingress: { domainName: 'events-staging.mq.apps.localhost' } },
    ]);
    expect((await other.data(QUEUES)).messageQueues).toEqual([
      { name: 'orders', state: 'running', namespace: { name: NAMESPACE } },
    ]);
  });
});
