import { beforeAll, describe, expect, it } from 'vitest';
import type { ExternalConnectionInput } from '../generated/graphql.ts';
import type { TestCustomer } from '../support/customers.ts';
import {
  CONNECTED_CLUSTER,
  CREATE_CONNECTED_CLUSTER,
  FIRST_PAIR,
  MODIFY_CONNECTED_CLUSTER,
  SECOND_PAIR,
  clusterInput,
  createConnectedContainer,
  createdCluster,
  heldPairs,
  modifiedCluster,
  port,
  runningCluster,
  runningContainer,
} from '../support/external-connections.ts';
import { expectGraphQLError } from '../support/http.ts';
import { DELETE_CLUSTER } from '../database-clusters/setup.ts';
import { auditLogs } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// A database cluster's external connection forwards to its service port (5432 for PostgreSQL, 3306 for MySQL
// with the simulated driver), TCP only: internalPort is that port or null. Create and modify take it as a
// container's do, on the customer's shared pair or a pair of its own; the cluster's delete frees it.

const suite = useServer({ SIMULATED_DELAY_MS: '100' });

describe('external connections of database clusters', () => {
  let alice: TestCustomer;
  beforeAll(async () => {
    ({ customer: alice } = await seed(suite.server)
      .customer({ subscriptions: ['cloud-database', 'serverless-container'] })
      .namespace('shop'));
  });

  it('gives none for an explicit null, and forwards the service port when asked on create', async () => {
    const none = await createdCluster(alice, clusterInput('shop', 'plain', { externalConnection: null }));
    expect(none.externalConnection).toBeNull();

    const { cloudDatabaseClusterCreate } = await alice.data(CREATE_CONNECTED_CLUSTER, {
      input: clusterInput('shop', 'orders', {
        databases: null,
        users: null,
        advisor: null,
        externalConnection: {
          sharedIp: true,
          state: 'PRESENT',
          ports: [
            { externalPort: null, internalPort: null, protocol: 'TCP', state: 'PRESENT', allowList: [] },
          ],
        },
      }),
    });
    const expected = { ...FIRST_PAIR, sharedIp: true, ports: [port(5432, 5432)] };
    expect(cloudDatabaseClusterCreate.externalConnection).toEqual(expected);
    const running = await runningCluster(alice, 'shop', 'orders');
    expect(running.port).toBe(5432);
    expect(running.externalConnection).toEqual(expected);
  });

  it("forwards a MySQL cluster's own port, on the pair the customer's containers share", async () => {
    const mysql = await createdCluster(
      alice,
      clusterInput('shop', 'legacy', {
        spec: { type: 'mysql', version: '8.4' },
        externalConnection: { ports: [{ internalPort: 3306 }] },
      }),
    );
    expect(mysql.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(3306, 3306)] });
    const container = await createConnectedContainer(alice, {
      name: 'pgbouncer',
      namespace: 'shop',
      image: 'bitnami/pgbouncer:1.24',
      ports: ['5432'],
      externalConnection: { ports: [{ internalPort: 5432 }] },
    });
    // 5432 is the orders cluster's on the pair: the container's port is chosen from 30000.
    expect(container.externalConnection).toEqual({
      ...FIRST_PAIR,
      sharedIp: true,
      ports: [port(30000, 5432)],
    });
    await runningContainer(alice, 'shop', 'pgbouncer');
  });

  it('changes the connection on modify: left out it stays; a dedicated pair; an allowlist; ABSENT removes it', async () => {
    const left = await modifiedCluster(alice, {
      name: 'orders',
      namespace: 'shop',
      databases: [{ name: 'reports' }],
    });
    expect(left.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: true, ports: [port(5432, 5432)] });

    const added = await modifiedCluster(alice, {
      name: 'plain',
      namespace: 'shop',
      databases: null,
      users: null,
      advisor: null,
      externalConnection: {
        sharedIp: false,
        ports: [{ externalPort: 15432, allowList: [{ ip: '198.51.100.0/24' }] }],
      },
    });
    expect(added.externalConnection).toEqual({
      ...SECOND_PAIR,
      sharedIp: false,
      ports: [port(15432, 5432, { allowList: ['198.51.100.0/24'] })],
    });

    const allowed = await modifiedCluster(alice, {
      name: 'plain',
      namespace: 'shop',
      externalConnection: {
        sharedIp: false,
        ports: [
          {
            externalPort: 15432,
            internalPort: 5432,
            allowList: [{ ip: '198.51.100.0/24', state: 'ABSENT' }, { ip: '203.0.113.9' }],
          },
        ],
      },
    });
    expect(allowed.externalConnection).toEqual({
      ...SECOND_PAIR,
      sharedIp: false,
      ports: [port(15432, 5432, { allowList: ['203.0.113.9'] })],
    });

    const removed = await modifiedCluster(alice, {
      name: 'plain',
      namespace: 'shop',
      externalConnection: { state: 'ABSENT' },
    });
    expect(removed.externalConnection).toBeNull();
    expect((await heldPairs(suite.server)).map((pair) => pair.ipv4)).toEqual([FIRST_PAIR.ipv4]);
  });

  it.each<[string, ExternalConnectionInput, string, string]>([
    [
      'UDP',
      { ports: [{ protocol: 'UDP' }] },
      'externalConnection.ports.protocol',
      'Only containers take UDP: a database cluster takes TCP',
    ],
    [
      'an internalPort other than its service port',
      { ports: [{ internalPort: 3306 }] },
      'externalConnection.ports.internalPort',
      'The internalPort of a database cluster is its service port, 5432',
    ],
    [
      'an externalPort held by another of its connections',
      { ports: [{ externalPort: 3306 }] },
      'externalConnection.ports.externalPort',
      'Port 3306/TCP is already taken on 192.0.2.1 and 2001:db8::',
    ],
  ])(
    'refuses %s on create and modify, and writes nothing',
    async (_case, externalConnection, field, message) => {
      const auditBefore = await auditLogs(alice);
      const pairsBefore = await heldPairs(suite.server);
      const created = expectGraphQLError(
        await alice.gql(CREATE_CONNECTED_CLUSTER, {
          input: clusterInput('shop', 'refused', { externalConnection }),
        }),
        'BAD_USER_INPUT',
      );
      expect(created.message).toBe(message);
      expect(created.extensions?.field).toBe(field);
      const missing = await alice.gql(CONNECTED_CLUSTER, { name: 'refused', namespace: 'shop' });
      expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

      const before = await runningCluster(alice, 'shop', 'plain');
      const modified = expectGraphQLError(
        await alice.gql(MODIFY_CONNECTED_CLUSTER, {
          input: { name: 'plain', namespace: 'shop', externalConnection },
        }),
        'BAD_USER_INPUT',
      );
      expect(modified.message).toBe(message);
      expect(modified.extensions?.field).toBe(field);
      expect(
        (await alice.data(CONNECTED_CLUSTER, { name: 'plain', namespace: 'shop' })).cloudDatabaseCluster,
      ).toEqual(before);
      expect(await heldPairs(suite.server)).toEqual(pairsBefore);
      expect(await auditLogs(alice)).toEqual(auditBefore);
    },
  );

  it('frees the connection when the cluster is deleted: a dedicated pair at once', async () => {
    const own = await createdCluster(
      alice,
      clusterInput('shop', 'analytics', { externalConnection: { sharedIp: false, ports: [{}] } }),
    );
    expect(own.externalConnection).toEqual({ ...SECOND_PAIR, sharedIp: false, ports: [port(5432, 5432)] });
    await alice.data(DELETE_CLUSTER, { name: 'analytics', namespace: 'shop' });
    await alice.data(DELETE_CLUSTER, { name: 'orders', namespace: 'shop' });
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: alice.customerId, ...FIRST_PAIR, shared: true, connections: 2 },
    ]);
    const created = (await auditLogs(alice)).filter(
      (entry) => entry.modelName === 'ExternalConnection' && entry.eventType === 'create',
    );
    const resources = created.map(
      (entry) => entry.changeSet.find((change) => change.name === 'resource')?.newValue,
    );
    expect(resources).toEqual(
      expect.arrayContaining([
        'database cluster orders',
        'database cluster legacy',
        'database cluster analytics',
      ]),
    );
  });
});
