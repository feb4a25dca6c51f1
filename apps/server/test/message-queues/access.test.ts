import { describe, expect, it } from 'vitest';
import { createKey, keyToken } from '../api-keys/keys.ts';
import { eventually, expectGraphQLError, platformApi } from '../support/http.ts';
import { CREATE_QUEUE, QUEUE, waitForQueue } from '../support/message-queues.ts';
import { seed } from '../support/seed.ts';
import {
  DELETE_QUEUE,
  MODIFY_QUEUE,
  MODIFY_QUEUE_USER,
  NAMESPACE,
  QUEUES,
  baseInput,
  credentials,
  queue,
  useQueuesServer,
} from './setup.ts';

// Who may do what with message queues (the access policy's area `message-queue`): no product is needed, but
// each queue's plan is a subscription of its own, so a customer must have confirmed its address to create
// one; a suspended customer only winds down (reads and deletes); a read-only API key only reads.

const suite = useQueuesServer();
const { customerWithQueue } = suite;

const CONFIRM_FIRST =
  'Confirm your email address first: follow the link in the mail we sent you (the Account page sends it again). Until then you can look around and use the free start.';

describe('access to message queues', () => {
  it('lets a confirmed customer without any product subscription create one', async () => {
    const { running } = await customerWithQueue();
    expect(running.state).toBe('running');
  });

  it('refuses a customer who has not confirmed its address a queue, and creates nothing', async () => {
    const { customer } = await seed(suite.server).customer({ unverified: true }).namespace(NAMESPACE);
    const error = expectGraphQLError(await customer.gql(CREATE_QUEUE, { input: baseInput() }), 'FORBIDDEN');
    expect(error.message).toBe(CONFIRM_FIRST);
    expect((await customer.data(QUEUES)).messageQueues).toEqual([]);
  });

  it('lets a suspended customer look and delete, but not create or change', async () => {
    const { customer } = await customerWithQueue();
    const password = (await credentials(customer)).password;
    await customer.suspend('PAYMENT_ISSUES');
    const suspended =
      'Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page.';
    for (const response of await Promise.all([
      customer.gql(CREATE_QUEUE, { input: baseInput({ name: 'more' }) }),
      customer.gql(MODIFY_QUEUE, { input: { ...queue(), allowList: [{ ip: '192.0.2.1' }] } }),
      customer.gql(MODIFY_QUEUE_USER, {
        input: { cluster: queue(), user: { name: 'admin', password: null, permissions: [] } },
      }),
    ])) {
      expect(expectGraphQLError(response, 'FORBIDDEN').message).toBe(suspended);
    }
    const kept = await waitForQueue(customer, NAMESPACE, 'events');
    expect(kept.ingress.allowList).toEqual(['203.0.113.0/24']);
    expect((await credentials(customer)).password).toBe(password);

    expect((await customer.data(DELETE_QUEUE, queue())).messageQueueDelete).toBe(true);
    await eventually('the queue to be gone', async () =>
      (await customer.gql(QUEUE, queue())).body.errors?.[0]?.extensions?.code === 'NOT_FOUND'
        ? true
        : undefined,
    );
  });

  it('lets a read-only API key read queues but change none', async () => {
    const { customer } = await customerWithQueue();
    const key = await createKey(customer, { name: 'reader', scope: 'READ' });
    const reader = platformApi(suite.server.url, await keyToken(suite.server.url, key));
    expect((await reader.data(QUEUES)).messageQueues.map((row) => row.name)).toEqual(['events']);
    expect((await reader.data(QUEUE, queue())).messageQueue.state).toBe('running');
    for (const response of await Promise.all([
      reader.gql(CREATE_QUEUE, { input: baseInput({ name: 'more' }) }),
      reader.gql(MODIFY_QUEUE, { input: { ...queue(), allowList: [{ ip: '192.0.2.1' }] } }),
      reader.gql(MODIFY_QUEUE_USER, {
        input: { cluster: queue(), user: { name: 'admin', password: null, permissions: [] } },
      }),
      reader.gql(DELETE_QUEUE, queue()),
    ])) {
      expect(expectGraphQLError(response, 'FORBIDDEN').message).toBe(
        'This API key is read only: make a key that can read and write to change anything',
      );
    }
    expect((await customer.data(QUEUES)).messageQueues).toEqual([
      { name: 'events', state: 'running', namespace: { name: NAMESPACE } },
    ]);
  });
});
