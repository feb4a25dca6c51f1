import { describe, expect, it } from 'vitest';
import { CREATE_QUEUE, QUEUE, waitForQueue } from '../support/message-queues.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs, DELETE_NAMESPACE, NAMESPACES } from '../support/queries.ts';
import type { TestCustomer } from '../support/customers.ts';
import {
  DELETE_QUEUE,
  MODIFY_QUEUE,
  MODIFY_QUEUE_USER,
  NAMESPACE,
  QUEUES,
  QUEUE_EVENTS,
  baseInput,
  customerWithNamespace,
  queue,
  useQueuesServer,
} from './setup.ts';

// messageQueueModify patches the allowlist (PRESENT adds, ABSENT removes, left out it stays) and every
// change waits for the provisioner (CONFLICT meanwhile); messageQueueDelete and namespaceDelete with its
// contents delete the queue asynchronously. Each change is on the audit log.

const suite = useQueuesServer();
const { customerWithQueue } = suite;

const allowListOf = async (customer: TestCustomer) =>
  (await waitForQueue(customer, NAMESPACE, 'events')).ingress.allowList;

/** Whether the queue is gone (NOT_FOUND); undefined while it is still there. */
async function gone(customer: TestCustomer, name = 'events') {
  const response = await customer.gql(QUEUE, queue(name));
  return response.body.errors?.[0]?.extensions?.code === 'NOT_FOUND' ? true : undefined;
}

describe('changing the allowlist', () => {
  it('adds PRESENT entries, removes ABSENT ones, and shows the change being applied', async () => {
    const { customer } = await customerWithQueue({
      allowList: [{ ip: '203.0.113.0/24' }, { ip: '198.51.100.7' }],
    });
    await whileProvisionerPaused(suite.server, async () => {
      const { messageQueueModify: modified } = await customer.data(MODIFY_QUEUE, {
        input: {
          ...queue(),
          allowList: [
            { ip: '203.0.113.0/24', state: 'ABSENT' },
            { ip: '2001:db8::/48', state: 'PRESENT' },
            { ip: '192.0.2.1' },
          ],
        },
      });
      expect(modified).toEqual({
        name: 'events',
        state: 'updating',
        locked: true,
        ingress: { allowList: ['198.51.100.7', '2001:db8::/48', '192.0.2.1'], status: 'UPDATING' },
      });
    });
    const after = await waitForQueue(customer, NAMESPACE, 'events');
    expect(after.ingress).toMatchObject({
      allowList: ['198.51.100.7', '2001:db8::/48', '192.0.2.1'],
      status: 'CREATED',
    });

    // An entry there already stays once; removing one that is not there changes nothing else.
    await customer.data(MODIFY_QUEUE, {
      input: { ...queue(), allowList: [{ ip: '192.0.2.1' }, { ip: '10.9.9.9', state: 'ABSENT' }] },
    });
    expect(await allowListOf(customer)).toEqual(['198.51.100.7', '2001:db8::/48', '192.0.2.1']);

    // Removing every entry lets everyone connect: an empty list.
    await customer.data(MODIFY_QUEUE, {
      input: {
        ...queue(),
        allowList: ['198.51.100.7', '2001:db8::/48', '192.0.2.1'].map((ip) => ({
          ip,
          state: 'ABSENT' as const,
        })),
      },
    });
    expect(await allowListOf(customer)).toEqual([]);
  });

  it('leaves the allowlist as it is when left out or null, without locking the queue', async () => {
    const { customer, running } = await customerWithQueue();
    for (const input of [queue(), { ...queue(), allowList: null }]) {
      const { messageQueueModify: answer } = await customer.data(MODIFY_QUEUE, { input });
      expect(answer).toEqual({
        name: 'events',
        state: 'running',
        locked: false,
        ingress: { allowList: ['203.0.113.0/24'], status: 'CREATED' },
      });
    }
    expect(await waitForQueue(customer, NAMESPACE, 'events')).toEqual(running);
    const updates = (await auditLogs(customer)).filter((entry) => entry.eventType === 'update');
    expect(updates).toEqual([]);
  });

  it('refuses a bad or repeated entry, or a list grown beyond 50, and changes nothing', async () => {
    const { customer, running } = await customerWithQueue();
    const cases = [
      [[{ ip: '203.0.113.300' }], /^allowList: 203\.0\.113\.300 is not an IP address or CIDR range/],
      [[{ ip: '192.0.2.0/40' }], /^allowList: the prefix length of 192\.0\.2\.0\/40 is beyond/],
      [[{ ip: '192.0.2.1' }, { ip: '192.0.2.1', state: 'ABSENT' as const }], /192\.0\.2\.1 is given twice/],
      [
        Array.from({ length: 50 }, (_, index) => ({ ip: `10.1.0.${String(index)}` })),
        /^allowList holds at most 50 entries$/,
      ],
    ] as const;
    for (const [allowList, message] of cases) {
      const error = expectGraphQLError(
        await customer.gql(MODIFY_QUEUE, { input: { ...queue(), allowList: [...allowList] } }),
        'BAD_USER_INPUT',
      );
      expect(error.extensions?.field).toBe('allowList');
      expect(error.message).toMatch(message);
    }
    expect(await waitForQueue(customer, NAMESPACE, 'events')).toEqual(running);
  });

  it('is audited as the allowlist before and after', async () => {
    const { customer } = await customerWithQueue();
    await customer.data(MODIFY_QUEUE, {
      input: { ...queue(), allowList: [{ ip: '198.51.100.0/24' }] },
    });
    await waitForQueue(customer, NAMESPACE, 'events');
    const entries = (await auditLogs(customer)).filter((entry) => entry.modelName === 'MessageQueue');
    expect(entries.map((entry) => entry.eventType)).toEqual(['update', 'create']);
    const [update, create] = entries;
    expect(update?.changeSet).toEqual([
      { name: 'allowList', oldValue: '203.0.113.0/24', newValue: '203.0.113.0/24, 198.51.100.0/24' },
    ]);
    expect(update?.account?.email).toBe(customer.email);
    expect(create?.changeSet).toEqual(
      expect.arrayContaining([
        { name: 'name', oldValue: null, newValue: 'events' },
        { name: 'plan', oldValue: null, newValue: 'Extra small' },
        { name: 'version', oldValue: null, newValue: 'rabbitmq 4.1' },
        { name: 'allowList', oldValue: null, newValue: '203.0.113.0/24' },
      ]),
    );
    // The queue's own events show the same changes, newest first.
    const { messageQueue } = await customer.data(QUEUE_EVENTS, queue());
    expect(messageQueue.events).toEqual([
      { type: 'CHANGED', message: 'Changed allowList' },
      { type: 'CREATED', message: 'Created' },
    ]);
  });
});

describe('one change at a time', () => {
  it('refuses every change with CONFLICT while the provisioner applies the last one', async () => {
    const { customer } = await customerWithQueue();
    await whileProvisionerPaused(suite.server, async () => {
      await customer.data(MODIFY_QUEUE, { input: { ...queue(), allowList: [{ ip: '192.0.2.10' }] } });
      const attempts = [
        customer.gql(MODIFY_QUEUE, { input: { ...queue(), allowList: [{ ip: '192.0.2.11' }] } }),
        customer.gql(MODIFY_QUEUE, { input: queue() }),
        customer.gql(MODIFY_QUEUE_USER, {
          input: { cluster: queue(), user: { name: 'admin', password: null, permissions: [] } },
        }),
        customer.gql(DELETE_QUEUE, queue()),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(expectGraphQLError(response, 'CONFLICT').message).toBe(
          'Message queue events is being changed (updating); try again when it is done',
        );
      }
    });
    const after = await waitForQueue(customer, NAMESPACE, 'events');
    expect(after.ingress.allowList).toEqual(['203.0.113.0/24', '192.0.2.10']);
  });

  it('refuses a change of a queue still being created', async () => {
    const customer = await customerWithNamespace(suite);
    await whileProvisionerPaused(suite.server, async () => {
      await customer.data(CREATE_QUEUE, { input: baseInput() });
      const error = expectGraphQLError(
        await customer.gql(MODIFY_QUEUE, { input: { ...queue(), allowList: [{ ip: '192.0.2.1' }] } }),
        'CONFLICT',
      );
      expect(error.message).toBe(
        'Message queue events is being changed (creating); try again when it is done',
      );
    });
    expect((await waitForQueue(customer, NAMESPACE, 'events')).ingress.allowList).toEqual(['203.0.113.0/24']);
  });
});

describe('deleting', () => {
  it('marks the queue deleting, then it is gone, audited', async () => {
    const { customer, running } = await customerWithQueue();
    await whileProvisionerPaused(suite.server, async () => {
      expect((await customer.data(DELETE_QUEUE, queue())).messageQueueDelete).toBe(true);
      const { messageQueue: deleting } = await customer.data(QUEUE, queue());
      expect(deleting).toMatchObject({ state: 'deleting', locked: true, ingress: { status: 'DELETING' } });
      expect((await customer.data(QUEUES)).messageQueues).toEqual([
        { name: 'events', state: 'deleting', namespace: { name: NAMESPACE } },
      ]);
      const again = expectGraphQLError(await customer.gql(DELETE_QUEUE, queue()), 'CONFLICT');
      expect(again.message).toMatch(/events is being changed \(deleting\)/);
    });
    await eventually('the queue to be gone', () => gone(customer));
    expect((await customer.data(QUEUES)).messageQueues).toEqual([]);
    const missing = expectGraphQLError(await customer.gql(DELETE_QUEUE, queue()), 'NOT_FOUND');
    expect(missing.message).toBe('Message queue events not found');

    const deletion = (await auditLogs(customer)).find(
      (entry) => entry.modelName === 'MessageQueue' && entry.eventType === 'delete',
    );
    expect(String(deletion?.modelId)).toBe(running.id);
    expect(deletion?.account?.email).toBe(customer.email);
    expect(deletion?.changeSet).toContainEqual({ name: 'name', oldValue: 'events', newValue: null });

    // The name is free again.
    await customer.data(CREATE_QUEUE, { input: baseInput() });
    expect((await waitForQueue(customer, NAMESPACE, 'events')).id).not.toBe(running.id);
  });

  it('keeps a namespace holding a queue unless its resources are deleted with it', async () => {
    const { customer } = await customerWithQueue();
    const refused = expectGraphQLError(
      await customer.gql(DELETE_NAMESPACE, { name: NAMESPACE }),
      'BAD_USER_INPUT',
    );
    expect(refused.message).toBe('Namespace shop still holds 1 message queue; delete them first');
    expect((await waitForQueue(customer, NAMESPACE, 'events')).state).toBe('running');

    await whileProvisionerPaused(suite.server, async () => {
      await customer.data(DELETE_NAMESPACE, { name: NAMESPACE, deleteResources: true });
      expect((await customer.data(QUEUES)).messageQueues).toEqual([
        { name: 'events', state: 'deleting', namespace: { name: NAMESPACE } },
      ]);
      // Nothing new goes into a namespace being deleted.
      const late = expectGraphQLError(
        await customer.gql(CREATE_QUEUE, { input: baseInput({ name: 'late' }) }),
        'CONFLICT',
      );
      expect(late.message).toBe('Namespace shop is being deleted');
    });
    await eventually('the namespace and its queue to be gone', async () =>
      (await customer.data(QUEUES)).messageQueues.length === 0 &&
      (await customer.data(NAMESPACES)).namespaces.length === 0
        ? true
        : undefined,
    );
    const deleted = (await auditLogs(customer))
      .filter((entry) => entry.eventType === 'delete')
      .map((entry) => entry.modelName);
    expect(deleted.sort()).toEqual(['MessageQueue', 'Namespace']);
  });

  it('refuses to delete a namespace with its contents while its queue is being changed', async () => {
    const { customer } = await customerWithQueue();
    await whileProvisionerPaused(suite.server, async () => {
      await customer.data(MODIFY_QUEUE, { input: { ...queue(), allowList: [{ ip: '192.0.2.1' }] } });
      const error = expectGraphQLError(
        await customer.gql(DELETE_NAMESPACE, { name: NAMESPACE, deleteResources: true }),
        'CONFLICT',
      );
      expect(error.message).toBe(
        'Message queue events is being changed (updating); try again when it is done',
      );
    });
    expect((await waitForQueue(customer, NAMESPACE, 'events')).ingress.allowList).toEqual([
      '203.0.113.0/24',
      '192.0.2.1',
    ]);
    expect((await customer.data(NAMESPACES)).namespaces.map((row) => row.name)).toEqual([NAMESPACE]);
  });
});
