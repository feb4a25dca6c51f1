import { beforeAll, describe, expect, it } from 'vitest';
import type { ExternalConnectionInput } from '../generated/graphql.ts';
import type { TestCustomer } from '../support/customers.ts';
import {
  CONNECTED_QUEUE,
  CREATE_CONNECTED_QUEUE,
  FIRST_PAIR,
  MODIFY_CONNECTED_QUEUE,
  createConnectedContainer,
  createdQueue,
  heldPairs,
  modifiedQueue,
  port,
  queueInput,
  runningContainer,
  runningQueue,
} from '../support/external-connections.ts';
import { expectGraphQLError } from '../support/http.ts';
import { DELETE_QUEUE } from '../message-queues/setup.ts';
import { auditLogs } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// A message queue's external connection forwards to its AMQP port (5671 with the simulated driver), TCP only:
// internalPort is that port or null. It shares the customer's pair with its containers' connections. Create
// and modify take it as a container's do; the queue is updated by the provisioner meanwhile.

const suite = useServer({ SIMULATED_DELAY_MS: '100' });

describe('external connections of message queues', () => {
  let alice: TestCustomer;
  beforeAll(async () => {
    ({ customer: alice } = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('shop'));
  });

  it('gives none for an explicit null, and forwards the AMQP port when asked on create', async () => {
    const none = await createdQueue(alice, queueInput('shop', 'plain', { externalConnection: null }));
    expect(none.externalConnection).toBeNull();

    const { messageQueueCreate } = await alice.data(CREATE_CONNECTED_QUEUE, {
      input: queueInput('shop', 'events', {
        externalConnection: {
          sharedIp: true,
          state: 'PRESENT',
          ports: [
            { externalPort: null, internalPort: null, protocol: 'TCP', state: 'PRESENT', allowList: [] },
          ],
        },
      }),
    });
    const expected = { ...FIRST_PAIR, sharedIp: true, ports: [port(5671, 5671)] };
    expect(messageQueueCreate.externalConnection).toEqual(expected);
    const running = await runningQueue(alice, 'shop', 'events');
    expect(running.amqpPort).toBe(5671);
    expect(running.externalConnection).toEqual(expected);
  });

  it('shares the pair with a container of the customer, the queue holding its port', async () => {
    const container = await createConnectedContainer(alice, {
      name: 'broker-proxy',
      namespace: 'shop',
      image: 'nginx:1.27',
      ports: ['5671'],
      externalConnection: { ports: [{ internalPort: 5671 }] },
    });
    expect(container.externalConnection).toEqual({
      ...FIRST_PAIR,
      sharedIp: true,
      ports: [port(30000, 5671)],
    });
    await runningContainer(alice, 'shop', 'broker-proxy');
  });

  it('changes the connection on modify: a port of its own number and an allowlist, then removes it', async () => {
    const added = await modifiedQueue(alice, {
      name: 'plain',
      namespace: 'shop',
      externalConnection: {
        ports: [{ externalPort: 15671, internalPort: 5671, allowList: [{ ip: '198.51.100.0/24' }] }],
      },
    });
    expect(added.externalConnection).toEqual({
      ...FIRST_PAIR,
      sharedIp: true,
      ports: [port(15671, 5671, { allowList: ['198.51.100.0/24'] })],
    });

    const left = await modifiedQueue(alice, {
      name: 'plain',
      namespace: 'shop',
      allowList: [{ ip: '10.0.0.0/8' }],
    });
    expect(left.externalConnection).toEqual(added.externalConnection);

    const allowed = await modifiedQueue(alice, {
      name: 'plain',
      namespace: 'shop',
      externalConnection: {
        ports: [
          {
            externalPort: 15671,
            allowList: [{ ip: '198.51.100.0/24', state: 'ABSENT' }, { ip: '203.0.113.9' }],
          },
        ],
      },
    });
    expect(allowed.externalConnection?.ports).toEqual([port(15671, 5671, { allowList: ['203.0.113.9'] })]);

    const removed = await modifiedQueue(alice, {
      name: 'plain',
      namespace: 'shop',
      externalConnection: { state: 'ABSENT' },
    });
    expect(removed.externalConnection).toBeNull();
  });

  it.each<[string, ExternalConnectionInput, string, string]>([
    [
      'UDP',
      { ports: [{ protocol: 'UDP' }] },
      'externalConnection.ports.protocol',
      'Only containers take UDP: a message queue takes TCP',
    ],
    [
      'an internalPort other than its AMQP port',
      { ports: [{ internalPort: 5672 }] },
      'externalConnection.ports.internalPort',
      'The internalPort of a message queue is its service port, 5671',
    ],
    [
      'an externalPort held by another of its connections',
      { ports: [{ externalPort: 5671 }] },
      'externalConnection.ports.externalPort',
      'Port 5671/TCP is already taken on 192.0.2.1 and 2001:db8::',
    ],
  ])(
    'refuses %s on create and modify, and writes nothing',
    async (_case, externalConnection, field, message) => {
      const auditBefore = await auditLogs(alice);
      const pairsBefore = await heldPairs(suite.server);
      const created = expectGraphQLError(
        await alice.gql(CREATE_CONNECTED_QUEUE, {
          input: queueInput('shop', 'orders', { externalConnection }),
        }),
        'BAD_USER_INPUT',
      );
      expect(created.message).toBe(message);
      expect(created.extensions?.field).toBe(field);
      const missing = await alice.gql(CONNECTED_QUEUE, { name: 'orders', namespace: 'shop' });
      expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

      const before = await runningQueue(alice, 'shop', 'plain');
      const modified = expectGraphQLError(
        await alice.gql(MODIFY_CONNECTED_QUEUE, {
          input: { name: 'plain', namespace: 'shop', externalConnection },
        }),
        'BAD_USER_INPUT',
      );
      expect(modified.message).toBe(message);
      expect(modified.extensions?.field).toBe(field);
      expect((await alice.data(CONNECTED_QUEUE, { name: 'plain', namespace: 'shop' })).messageQueue).toEqual(
        before,
      );
      expect(await heldPairs(suite.server)).toEqual(pairsBefore);
      expect(await auditLogs(alice)).toEqual(auditBefore);
    },
  );

  it('frees the connection when the queue is deleted: its port is free on the pair again', async () => {
    await alice.data(DELETE_QUEUE, { name: 'events', namespace: 'shop' });
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: alice.customerId, ...FIRST_PAIR, shared: true, connections: 1 },
    ]);
    const again = await modifiedQueue(alice, {
      name: 'plain',
      namespace: 'shop',
      externalConnection: { ports: [{}] },
    });
    expect(again.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(5671, 5671)] });
  });
});
