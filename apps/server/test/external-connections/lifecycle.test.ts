import { describe, expect, it } from 'vitest';
import { DELETE_CONTAINER } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import {
  CONNECTED_CONTAINER,
  CONNECTED_QUEUE,
  FIRST_PAIR,
  MODIFY_CONNECTED_CONTAINER,
  SECOND_PAIR,
  clusterInput,
  containerConnection,
  createConnectedContainer,
  createdCluster,
  createdQueue,
  heldPairs,
  modifiedContainer,
  port,
  queueInput,
  runningContainer,
} from '../support/external-connections.ts';
import { auditLogs, DELETE_NAMESPACE } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// What happens to connections around them: a resource's delete frees its connection, the namespace's those of
// everything in it; customers never share a pair nor see each other's connections, even when they ask at the
// same moment; and each change of a connection is on its customer's audit log with its addresses and ports.
// The tests run in order on one server, each saying which pairs are held when it starts.

const suite = useServer({ SIMULATED_DELAY_MS: '100' });
const subscribed = () => seed(suite.server).customer({ subscriptions: ['serverless-container'] });

const connectedContainer = (customer: TestCustomer, namespace: string, name: string, sharedIp = true) =>
  createConnectedContainer(customer, {
    name,
    namespace,
    image: 'nginx:1.27',
    ports: ['80'],
    externalConnection: { sharedIp, ports: [{ internalPort: 80 }] },
  });

describe('deleting a namespace with its resources', () => {
  it('frees the connections of its containers, database clusters and message queues, shared and dedicated', async () => {
    const { customer: alice } = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container', 'cloud-database'] })
      .namespace('doomed');
    await connectedContainer(alice, 'doomed', 'web');
    await connectedContainer(alice, 'doomed', 'own', false);
    await runningContainer(alice, 'doomed', 'web');
    await runningContainer(alice, 'doomed', 'own');
    const queue = await createdQueue(
      alice,
      queueInput('doomed', 'events', { externalConnection: { ports: [{}] } }),
    );
    expect(queue.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(5671, 5671)] });
    const cluster = await createdCluster(
      alice,
      clusterInput('doomed', 'orders', { externalConnection: { ports: [{}] } }),
    );
    expect(cluster.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(5432, 5432)] });
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: alice.customerId, ...FIRST_PAIR, shared: true, connections: 3 },
      { customerId: alice.customerId, ...SECOND_PAIR, shared: false, connections: 1 },
    ]);

    await alice.data(DELETE_NAMESPACE, { name: 'doomed', deleteResources: true });
    expect(await heldPairs(suite.server)).toEqual([]);
  });
});

describe('deleting a resource', () => {
  it("frees a container's connection at once: the shared pair goes once the last one is deleted", async () => {
    const { customer: ivan } = await subscribed().namespace('apps');
    await connectedContainer(ivan, 'apps', 'web');
    await connectedContainer(ivan, 'apps', 'api');
    await runningContainer(ivan, 'apps', 'web');
    await runningContainer(ivan, 'apps', 'api');
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: ivan.customerId, ...FIRST_PAIR, shared: true, connections: 2 },
    ]);
    await ivan.data(DELETE_CONTAINER, { name: 'web', namespace: 'apps' });
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: ivan.customerId, ...FIRST_PAIR, shared: true, connections: 1 },
    ]);
    // Its port 80 is free on the pair again.
    const again = await connectedContainer(ivan, 'apps', 'web-2');
    expect(again.externalConnection?.ports).toEqual([port(80, 80)]);
    await runningContainer(ivan, 'apps', 'web-2');
    await ivan.data(DELETE_CONTAINER, { name: 'api', namespace: 'apps' });
    await ivan.data(DELETE_CONTAINER, { name: 'web-2', namespace: 'apps' });
    expect(await heldPairs(suite.server)).toEqual([]);
  });

  it('keeps the connections of a namespace whose delete is refused for its resources', async () => {
    const { customer: judy } = await subscribed().namespace('kept');
    await connectedContainer(judy, 'kept', 'web');
    await runningContainer(judy, 'kept', 'web');
    const refused = await judy.gql(DELETE_NAMESPACE, { name: 'kept', deleteResources: false });
    expect(refused.body.errors?.[0]?.extensions?.code).toBeDefined();
    expect(await containerConnection(judy, 'kept', 'web')).toEqual({
      ...FIRST_PAIR,
      sharedIp: true,
      ports: [port(80, 80)],
    });
    await judy.data(DELETE_NAMESPACE, { name: 'kept', deleteResources: true });
    expect(await heldPairs(suite.server)).toEqual([]);
  });
});

describe('isolation between customers', () => {
  it('gives customers asking at once a pair each, never one of another', async () => {
    const customers = await Promise.all(
      [1, 2, 3, 4].map(async () => (await subscribed().namespace('shop')).customer),
    );
    const created = await Promise.all(
      customers.map((customer, index) => connectedContainer(customer, 'shop', 'web', index % 2 === 0)),
    );
    const pairs = created.map((container) => container.externalConnection);
    expect(new Set(pairs.map((pair) => pair?.ipv4)).size).toBe(4);
    expect(new Set(pairs.map((pair) => pair?.ipv6)).size).toBe(4);
    // Each on its own pair: all of them get their own port 80.
    for (const pair of pairs) expect(pair?.ports).toEqual([port(80, 80)]);
    const held = await heldPairs(suite.server);
    expect(held).toHaveLength(4);
    expect(new Set(held.map((pair) => pair.customerId))).toEqual(
      new Set(customers.map((customer) => customer.customerId)),
    );
    // The lowest four, as the pools hand them out.
    expect(held.map((pair) => pair.ipv4).sort()).toEqual([
      '192.0.2.1',
      '192.0.2.2',
      '192.0.2.3',
      '192.0.2.4',
    ]);
    for (const customer of customers) await runningContainer(customer, 'shop', 'web');
  });

  it('gives one customer asking at once one shared pair, and each container a port of its own', async () => {
    const { customer: kim } = await subscribed().namespace('burst');
    const created = await Promise.all(['a', 'b', 'c'].map((name) => connectedContainer(kim, 'burst', name)));
    const pairs = new Set(created.map((container) => container.externalConnection?.ipv4));
    expect(pairs.size).toBe(1);
    expect(
      created
        .map((container) => container.externalConnection?.ports[0]?.externalPort ?? 0)
        .sort((a, b) => a - b),
    ).toEqual([80, 30000, 30001]);
    expect((await heldPairs(suite.server)).filter((pair) => pair.customerId === kim.customerId)).toEqual([
      expect.objectContaining({ shared: true, connections: 3 }),
    ]);
    for (const name of ['a', 'b', 'c']) await runningContainer(kim, 'burst', name);
  });

  it("shows and changes only the customer's own: another's connection is out of its reach", async () => {
    const { customer: erin } = await subscribed().namespace('private');
    const { customer: frank } = await subscribed().namespace('other');
    await connectedContainer(erin, 'private', 'web');
    await runningContainer(erin, 'private', 'web');
    await createdQueue(erin, queueInput('private', 'events', { externalConnection: { ports: [{}] } }));

    const container = await frank.gql(CONNECTED_CONTAINER, { name: 'web', namespace: 'private' });
    expect(container.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(container.body)).not.toContain('192.0.2.');
    const queue = await frank.gql(CONNECTED_QUEUE, { name: 'events', namespace: 'private' });
    expect(queue.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const modify = await frank.gql(MODIFY_CONNECTED_CONTAINER, {
      input: { name: 'web', namespace: 'private', externalConnection: { state: 'ABSENT' } },
    });
    expect(modify.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await runningContainer(erin, 'private', 'web')).externalConnection).not.toBeNull();

    // Frank's own connection is on a pair none of Erin's: her pair is hers while she holds it.
    const theirs = await connectedContainer(frank, 'other', 'web');
    const mine = (await runningContainer(erin, 'private', 'web')).externalConnection;
    expect(theirs.externalConnection?.ipv4).not.toBe(mine?.ipv4);
    expect(theirs.externalConnection?.ipv6).not.toBe(mine?.ipv6);
    const held = await heldPairs(suite.server);
    expect(held.filter((pair) => pair.ipv4 === mine?.ipv4)).toEqual([
      expect.objectContaining({ customerId: erin.customerId, connections: 2 }),
    ]);
  });
});

describe('the audit log', () => {
  it('records the creation, each change and the removal of a connection with its addresses and ports', async () => {
    const { customer: grace } = await subscribed().namespace('audited');
    await createConnectedContainer(grace, {
      name: 'api',
      namespace: 'audited',
      image: 'nginx:1.27',
      ports: ['8080', '9000'],
      externalConnection: { ports: [{ internalPort: 8080 }] },
    });
    const created = (await runningContainer(grace, 'audited', 'api')).externalConnection;
    expect(created?.ipv4).toBeDefined();
    const addresses = `${created?.ipv4}, ${created?.ipv6} (shared)`;
    await modifiedContainer(grace, {
      name: 'api',
      namespace: 'audited',
      externalConnection: { ports: [{ internalPort: 9000, allowList: [{ ip: '10.0.0.0/8' }] }] },
    });
    await modifiedContainer(grace, {
      name: 'api',
      namespace: 'audited',
      externalConnection: { sharedIp: false },
    });
    const own = (await runningContainer(grace, 'audited', 'api')).externalConnection;
    await modifiedContainer(grace, {
      name: 'api',
      namespace: 'audited',
      externalConnection: { state: 'ABSENT' },
    });

    const entries = (await auditLogs(grace)).filter((entry) => entry.modelName === 'ExternalConnection');
    // Newest first; one connection throughout.
    expect(entries.map((entry) => entry.eventType)).toEqual(['delete', 'update', 'update', 'create']);
    expect(new Set(entries.map((entry) => entry.modelId)).size).toBe(1);
    const [removed, moved, changed, made] = entries;
    const bothPorts = '8080/TCP → 8080; 9000/TCP → 9000 from 10.0.0.0/8';
    expect(made?.changeSet).toEqual(
      expect.arrayContaining([
        { name: 'resource', oldValue: null, newValue: 'container api' },
        { name: 'addresses', oldValue: null, newValue: addresses },
        { name: 'ports', oldValue: null, newValue: '8080/TCP → 8080' },
      ]),
    );
    expect(changed?.changeSet).toEqual([{ name: 'ports', oldValue: '8080/TCP → 8080', newValue: bothPorts }]);
    expect(moved?.changeSet).toEqual([
      { name: 'addresses', oldValue: addresses, newValue: `${own?.ipv4}, ${own?.ipv6}` },
    ]);
    expect(removed?.changeSet).toEqual(
      expect.arrayContaining([
        { name: 'resource', oldValue: 'container api', newValue: null },
        { name: 'addresses', oldValue: `${own?.ipv4}, ${own?.ipv6}`, newValue: null },
        { name: 'ports', oldValue: bothPorts, newValue: null },
      ]),
    );
    expect(entries.every((entry) => entry.account?.email === grace.email)).toBe(true);
  });

  it('records a message queue connection under the queue, and nothing for a refused change', async () => {
    const { customer: heidi } = await subscribed().namespace('audited');
    await createdQueue(heidi, queueInput('audited', 'events', { externalConnection: { ports: [{}] } }));
    const before = await auditLogs(heidi);
    const refused = await heidi.gql(MODIFY_CONNECTED_CONTAINER, {
      input: { name: 'events', namespace: 'audited', externalConnection: { state: 'ABSENT' } },
    });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await auditLogs(heidi)).toEqual(before);
    const [made] = before.filter((entry) => entry.modelName === 'ExternalConnection');
    expect(made).toMatchObject({ eventType: 'create' });
    expect(made?.changeSet).toEqual(
      expect.arrayContaining([
        { name: 'resource', oldValue: null, newValue: 'message queue events' },
        { name: 'ports', oldValue: null, newValue: '5671/TCP → 5671' },
      ]),
    );
  });
});
