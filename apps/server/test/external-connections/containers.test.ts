import { beforeAll, describe, expect, it } from 'vitest';
import type { TestCustomer } from '../support/customers.ts';
import {
  CONNECTED_CONTAINER,
  CREATE_CONNECTED_CONTAINER,
  FIRST_PAIR,
  MODIFY_CONNECTED_CONTAINER,
  SECOND_PAIR,
  containerConnection,
  createConnectedContainer,
  heldPairs,
  modifiedContainer,
  port,
  runningContainer,
} from '../support/external-connections.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// External connections of containers (API.md "Message queues, external connections, advisories"): `null` in
// a create means none; a connection with sharedIp (the default) lives on the customer's one shared address
// pair, the lowest free pair of the pools (192.0.2.0/24 without its network address, 2001:db8::/32), where its
// ports are allocated: externalPort is the internal port where free on the pair, else one from 30000 up. A
// modify leaving externalConnection out (or null) leaves it; its ports are a patch keyed by (externalPort,
// protocol); state ABSENT removes it, and the pair is given up once nothing is on it. The tests of this file
// run in order on one server: each says which pairs are held when it starts.

const suite = useServer({ SIMULATED_DELAY_MS: '100' });
const subscribed = () => seed(suite.server).customer({ subscriptions: ['serverless-container'] });

describe('external connections of containers', () => {
  let alice: TestCustomer;
  let bob: TestCustomer;
  beforeAll(async () => {
    ({ customer: alice } = await subscribed().namespace('web'));
    ({ customer: bob } = await subscribed().namespace('web'));
  });

  const create = (
    customer: TestCustomer,
    input: Omit<Parameters<typeof createConnectedContainer>[1], 'namespace'>,
  ) => createConnectedContainer(customer, { namespace: 'web', image: 'nginx:1.27', ...input });
  const modify = (
    customer: TestCustomer,
    input: Omit<Parameters<typeof modifiedContainer>[1], 'namespace'>,
  ) => modifiedContainer(customer, { namespace: 'web', ...input });

  it('gives none for an explicit null, as existing clients send it, or when left out', async () => {
    const explicit = await create(alice, { name: 'plain', ports: ['80'], externalConnection: null });
    expect(explicit.externalConnection).toBeNull();
    const omitted = await create(alice, { name: 'bare', ports: ['80'] });
    expect(omitted.externalConnection).toBeNull();
    expect((await runningContainer(alice, 'web', 'plain')).externalConnection).toBeNull();
    expect((await runningContainer(alice, 'web', 'bare')).externalConnection).toBeNull();
    expect(await heldPairs(suite.server)).toEqual([]);
  });

  it("forwards the asked port on the customer's shared pair, the lowest of the pools, with its own number", async () => {
    const created = await create(alice, {
      name: 'api',
      ports: ['8080', '9000'],
      externalConnection: { ports: [{ internalPort: 8080 }] },
    });
    const expected = { ...FIRST_PAIR, sharedIp: true, ports: [port(8080, 8080)] };
    expect(created).toMatchObject({ state: 'creating', locked: true, externalConnection: expected });
    expect((await runningContainer(alice, 'web', 'api')).externalConnection).toEqual(expected);
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: alice.customerId, ...FIRST_PAIR, shared: true, connections: 1 },
    ]);
  });

  it('accepts explicit nulls for every nullable field, the port forwarding to the first container port', async () => {
    const created = await create(alice, {
      name: 'nulls',
      type: 'DEFAULT',
      registry: null,
      resources: null,
      entrypoint: null,
      command: null,
      environmentVariables: null,
      ports: ['80', '443'],
      ingresses: [],
      mounts: null,
      scaling: null,
      healthCheck: null,
      externalConnection: {
        sharedIp: true,
        state: 'PRESENT',
        ports: [{ externalPort: null, internalPort: null, protocol: 'TCP', state: 'PRESENT', allowList: [] }],
      },
    });
    // The same shared pair as the customer's first connection: one pair per customer.
    expect(created.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(80, 80)] });
    await runningContainer(alice, 'web', 'nulls');
  });

  it('refuses an externalPort another container of the customer holds on the shared pair, naming both', async () => {
    const refused = expectGraphQLError(
      await alice.gql(CREATE_CONNECTED_CONTAINER, {
        input: {
          name: 'worker',
          namespace: 'web',
          image: 'nginx:1.27',
          ports: ['8080'],
          externalConnection: { ports: [{ externalPort: 8080, internalPort: 8080 }] },
        },
      }),
      'BAD_USER_INPUT',
    );
    expect(refused.message).toBe('Port 8080/TCP is already taken on 192.0.2.1 and 2001:db8::');
    expect(refused.extensions?.field).toBe('externalConnection.ports.externalPort');
    // Nothing made: no container, no second connection on the pair.
    const missing = await alice.gql(CONNECTED_CONTAINER, { name: 'worker', namespace: 'web' });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await heldPairs(suite.server)).map((pair) => pair.connections)).toEqual([2]);
  });

  it('chooses a port from 30000 up where the internal port is taken on the pair; UDP ports are apart', async () => {
    const worker = await create(alice, {
      name: 'worker',
      ports: ['8080'],
      externalConnection: {
        ports: [
          { externalPort: null, internalPort: 8080 },
          { externalPort: null, internalPort: 8080, protocol: 'UDP' },
        ],
      },
    });
    expect(worker.externalConnection).toEqual({
      ...FIRST_PAIR,
      sharedIp: true,
      // Ordered by protocol, then external port.
      ports: [port(30000, 8080), port(8080, 8080, { protocol: 'UDP' })],
    });
    await runningContainer(alice, 'web', 'worker');
    const second = await create(alice, {
      name: 'worker-2',
      ports: ['8080'],
      externalConnection: { ports: [{ internalPort: 8080 }] },
    });
    expect(second.externalConnection?.ports).toEqual([port(30001, 8080)]);
    await runningContainer(alice, 'web', 'worker-2');
  });

  it('gives another customer a pair of its own, with ports of its own', async () => {
    const theirs = await create(bob, {
      name: 'api',
      ports: ['8080'],
      externalConnection: { ports: [{ internalPort: 8080 }] },
    });
    expect(theirs.externalConnection).toEqual({ ...SECOND_PAIR, sharedIp: true, ports: [port(8080, 8080)] });
    await runningContainer(bob, 'web', 'api');
    // Alice's container of the same name keeps its connection.
    expect(await containerConnection(alice, 'web', 'api')).toEqual({
      ...FIRST_PAIR,
      sharedIp: true,
      ports: [port(8080, 8080)],
    });
  });

  it('leaves the connection as it is when a modify leaves it out or sends null', async () => {
    const before = await containerConnection(alice, 'web', 'api');
    const left = await modify(alice, { name: 'api', image: 'nginx:1.28' });
    expect(left.externalConnection).toEqual(before);
    const nulled = await modify(alice, { name: 'api', image: 'nginx:1.27', externalConnection: null });
    expect(nulled.externalConnection).toEqual(before);
  });

  it('patches ports: adds one, changes its allowlist entry by entry, removes it by externalPort and protocol', async () => {
    const added = await modify(alice, {
      name: 'api',
      externalConnection: { ports: [{ internalPort: 9000, allowList: [{ ip: '10.0.0.0/8' }] }] },
    });
    expect(added.externalConnection).toEqual({
      ...FIRST_PAIR,
      sharedIp: true,
      ports: [port(8080, 8080), port(9000, 9000, { allowList: ['10.0.0.0/8'] })],
    });

    const allowed = await modify(alice, {
      name: 'api',
      externalConnection: {
        ports: [
          {
            externalPort: 9000,
            internalPort: 9000,
            allowList: [
              { ip: '10.0.0.0/8', state: 'ABSENT' },
              { ip: '2001:db8::/48', state: 'PRESENT' },
              { ip: '203.0.113.7' },
            ],
          },
        ],
      },
    });
    expect(allowed.externalConnection?.ports).toEqual([
      port(8080, 8080),
      port(9000, 9000, { allowList: ['2001:db8::/48', '203.0.113.7'] }),
    ]);

    // A port is moved to another external number by removing it and adding the new one.
    const moved = await modify(alice, {
      name: 'api',
      externalConnection: {
        ports: [
          { externalPort: 9000, protocol: 'TCP', state: 'ABSENT' },
          { externalPort: 19000, internalPort: 9000 },
        ],
      },
    });
    expect(moved.externalConnection?.ports).toEqual([port(8080, 8080), port(19000, 9000)]);

    // As clients send it: every unset field null, keyed by externalPort and protocol.
    const removed = await modify(alice, {
      name: 'api',
      externalConnection: {
        sharedIp: true,
        state: 'PRESENT',
        ports: [{ externalPort: 19000, internalPort: null, protocol: 'TCP', state: 'ABSENT', allowList: [] }],
      },
    });
    expect(removed.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(8080, 8080)] });
  });

  it("refuses removing a container port the connection forwards, and takes it with the forwarding's removal", async () => {
    await modify(alice, { name: 'api', externalConnection: { ports: [{ internalPort: 9000 }] } });
    const before = await runningContainer(alice, 'web', 'api');
    const refused = expectGraphQLError(
      await alice.gql(MODIFY_CONNECTED_CONTAINER, {
        input: { name: 'api', namespace: 'web', ports: ['8080'] },
      }),
      'BAD_USER_INPUT',
    );
    expect(refused.message).toBe(
      'Port 9000 is forwarded by the external connection (9000/TCP): remove that port from externalConnection first',
    );
    expect(refused.extensions?.field).toBe('ports');
    expect(await runningContainer(alice, 'web', 'api')).toEqual(before);

    const both = await modify(alice, {
      name: 'api',
      ports: ['8080'],
      externalConnection: { ports: [{ externalPort: 9000, protocol: 'TCP', state: 'ABSENT' }] },
    });
    expect(both).toMatchObject({
      ports: ['8080'],
      externalConnection: { ...FIRST_PAIR, ports: [port(8080, 8080)] },
    });
  });

  it('removes the connection with state ABSENT, keeping the shared pair while other containers are on it', async () => {
    const removed = await modify(alice, { name: 'api', externalConnection: { state: 'ABSENT' } });
    expect(removed.externalConnection).toBeNull();
    // ABSENT on a container without one changes nothing.
    const again = await modify(alice, { name: 'plain', externalConnection: { state: 'ABSENT' } });
    expect(again.externalConnection).toBeNull();
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: alice.customerId, ...FIRST_PAIR, shared: true, connections: 3 },
      { customerId: bob.customerId, ...SECOND_PAIR, shared: true, connections: 1 },
    ]);
    // Its port is free on the pair again: another container gets 8080.
    const reused = await modify(alice, {
      name: 'worker-2',
      externalConnection: { ports: [{ externalPort: 30001, state: 'ABSENT' }, { externalPort: 8080 }] },
    });
    expect(reused.externalConnection?.ports).toEqual([port(8080, 8080)]);
  });

  it('gives the shared pair up once nothing is on it: the next connection gets the lowest pair again', async () => {
    for (const name of ['nulls', 'worker', 'worker-2']) {
      await modify(alice, { name, externalConnection: { state: 'ABSENT', ports: [] } });
    }
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: bob.customerId, ...SECOND_PAIR, shared: true, connections: 1 },
    ]);
    const again = await modify(alice, { name: 'plain', externalConnection: { ports: [{}] } });
    expect(again.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(80, 80)] });
  });

  it('forwards at most 10 ports, each once per protocol', async () => {
    const ten = await modify(alice, {
      name: 'bare',
      externalConnection: {
        ports: Array.from({ length: 10 }, (_, index) => ({ externalPort: 40000 + index, internalPort: 80 })),
      },
    });
    expect(ten.externalConnection?.ports.map((forwarded) => forwarded.externalPort)).toEqual(
      Array.from({ length: 10 }, (_, index) => 40000 + index),
    );
    expect(ten.externalConnection).toMatchObject(FIRST_PAIR);
  });
});
