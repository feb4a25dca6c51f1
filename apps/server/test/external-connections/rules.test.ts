import { beforeAll, describe, expect, it } from 'vitest';
import type { ExternalConnectionInput } from '../generated/graphql.ts';
import type { TestCustomer } from '../support/customers.ts';
import {
  CONNECTED_CONTAINER,
  CREATE_CONNECTED_CONTAINER,
  MODIFY_CONNECTED_CONTAINER,
  createConnectedContainer,
  heldPairs,
  port,
  runningContainer,
} from '../support/external-connections.ts';
import { expectGraphQLError } from '../support/http.ts';
import { auditLogs } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// The rules of an external connection's input (API.md): each broken one is refused with BAD_USER_INPUT
// naming the field and saying what is wrong, and nothing is written: no container, no connection, no
// address pair, no audit entry; a connection being changed stays as it was.

const suite = useServer({ SIMULATED_DELAY_MS: '100' });

type Case = [string, ExternalConnectionInput, string, string | RegExp];

/** What the container `web` (ports 80 and 8080) may not be given, as create or modify. */
const CASES: Case[] = [
  [
    'an internalPort that is none of the container ports',
    { ports: [{ internalPort: 81 }] },
    'externalConnection.ports.internalPort',
    'internalPort 81 is not one of the ports of container web (80, 8080)',
  ],
  [
    'externalPort 0',
    { ports: [{ externalPort: 0, internalPort: 80 }] },
    'externalConnection.ports.externalPort',
    'externalPort 0 is not a port (1 to 65535)',
  ],
  [
    'externalPort 65536',
    { ports: [{ externalPort: 65536, internalPort: 80 }] },
    'externalConnection.ports.externalPort',
    'externalPort 65536 is not a port (1 to 65535)',
  ],
  [
    'a negative externalPort',
    { ports: [{ externalPort: -1, internalPort: 80 }] },
    'externalConnection.ports.externalPort',
    'externalPort -1 is not a port (1 to 65535)',
  ],
  [
    'an allowlist entry that is no address',
    { ports: [{ internalPort: 80, allowList: [{ ip: 'office' }] }] },
    'externalConnection.ports.allowList',
    'externalConnection.ports.allowList: office is not an IP address or CIDR range, such as 203.0.113.0/24',
  ],
  [
    'a CIDR prefix beyond its family',
    { ports: [{ internalPort: 80, allowList: [{ ip: '10.0.0.0/33' }] }] },
    'externalConnection.ports.allowList',
    'externalConnection.ports.allowList: the prefix length of 10.0.0.0/33 is beyond its address family',
  ],
  [
    'an allowlist entry twice',
    { ports: [{ internalPort: 80, allowList: [{ ip: '10.0.0.1' }, { ip: '10.0.0.1' }] }] },
    'externalConnection.ports.allowList',
    'externalConnection.ports.allowList: 10.0.0.1 is given twice',
  ],
  [
    'an externalPort twice',
    {
      ports: [
        { externalPort: 8000, internalPort: 80 },
        { externalPort: 8000, internalPort: 8080 },
      ],
    },
    'externalConnection.ports',
    'externalConnection.ports: 8000/TCP is given twice',
  ],
  [
    'an internalPort twice, both without externalPort',
    { ports: [{ internalPort: 8080 }, { externalPort: null, internalPort: 8080 }] },
    'externalConnection.ports',
    /^externalConnection\.ports: .*8080\/TCP is given twice$/,
  ],
  [
    '11 ports',
    { ports: Array.from({ length: 11 }, (_, index) => ({ externalPort: 40000 + index, internalPort: 80 })) },
    'externalConnection.ports',
    'An external connection forwards at most 10 ports',
  ],
];

describe('external connection rules', () => {
  let alice: TestCustomer;
  beforeAll(async () => {
    ({ customer: alice } = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('rules'));
  });

  const web = { name: 'web', namespace: 'rules', image: 'nginx:1.27', ports: ['80', '8080'] };

  it.each(CASES)(
    'refuses a create with %s, naming the field, and makes nothing',
    async (_case, externalConnection, field, message) => {
      const auditBefore = await auditLogs(alice);
      const error = expectGraphQLError(
        await alice.gql(CREATE_CONNECTED_CONTAINER, { input: { ...web, externalConnection } }),
        'BAD_USER_INPUT',
      );
      expectMessage(error.message, message);
      expect(error.extensions?.field).toBe(field);
      const missing = await alice.gql(CONNECTED_CONTAINER, { name: 'web', namespace: 'rules' });
      expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(await heldPairs(suite.server)).toEqual([]);
      expect(await auditLogs(alice)).toEqual(auditBefore);
    },
  );

  it('refuses a port on a container without ports, saying to add one first', async () => {
    const error = expectGraphQLError(
      await alice.gql(CREATE_CONNECTED_CONTAINER, {
        input: { ...web, ports: [], externalConnection: { ports: [{ externalPort: 8000 }] } },
      }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('Container web has no ports: add one to its ports first');
    expect(error.extensions?.field).toBe('externalConnection.ports.internalPort');
    // Naming an internal port does not help: the container has none.
    const named = expectGraphQLError(
      await alice.gql(CREATE_CONNECTED_CONTAINER, {
        input: { ...web, ports: null, externalConnection: { ports: [{ internalPort: 80 }] } },
      }),
      'BAD_USER_INPUT',
    );
    expect(named.message).toBe('Container web has no ports: add one to its ports first');
    expect(named.extensions?.field).toBe('externalConnection.ports.internalPort');
    expect(await heldPairs(suite.server)).toEqual([]);
  });

  describe('on a connected container', () => {
    beforeAll(async () => {
      await createConnectedContainer(alice, {
        ...web,
        externalConnection: { ports: [{ internalPort: 80, allowList: [{ ip: '10.0.0.0/8' }] }] },
      });
      await runningContainer(alice, 'rules', 'web');
    });

    it.each(CASES)(
      'refuses a modify with %s, and leaves the container and its connection',
      async (_case, externalConnection, field, message) => {
        const before = await runningContainer(alice, 'rules', 'web');
        expect(before.externalConnection?.ports).toEqual([port(80, 80, { allowList: ['10.0.0.0/8'] })]);
        const auditBefore = await auditLogs(alice);
        const pairsBefore = await heldPairs(suite.server);
        const error = expectGraphQLError(
          await alice.gql(MODIFY_CONNECTED_CONTAINER, {
            input: { name: 'web', namespace: 'rules', externalConnection },
          }),
          'BAD_USER_INPUT',
        );
        expectMessage(error.message, message);
        expect(error.extensions?.field).toBe(field);
        const { container } = await alice.data(CONNECTED_CONTAINER, { name: 'web', namespace: 'rules' });
        expect(container).toEqual(before);
        expect(await heldPairs(suite.server)).toEqual(pairsBefore);
        expect(await auditLogs(alice)).toEqual(auditBefore);
      },
    );

    it('refuses a port beyond 10 added to a connection of 10', async () => {
      await alice.data(MODIFY_CONNECTED_CONTAINER, {
        input: {
          name: 'web',
          namespace: 'rules',
          externalConnection: {
            ports: Array.from({ length: 9 }, (_, index) => ({
              externalPort: 40000 + index,
              internalPort: 8080,
            })),
          },
        },
      });
      const ten = await runningContainer(alice, 'rules', 'web');
      expect(ten.externalConnection?.ports).toHaveLength(10);
      const error = expectGraphQLError(
        await alice.gql(MODIFY_CONNECTED_CONTAINER, {
          input: {
            name: 'web',
            namespace: 'rules',
            externalConnection: { ports: [{ externalPort: 41000 }] },
          },
        }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toBe('An external connection forwards at most 10 ports');
      expect(error.extensions?.field).toBe('externalConnection.ports');
      expect(await runningContainer(alice, 'rules', 'web')).toEqual(ten);
    });
  });
});

/** The message is this sentence, or matches this pattern. */
function expectMessage(actual: string, expected: string | RegExp) {
  if (typeof expected === 'string') expect(actual).toBe(expected);
  else expect(actual).toMatch(expected);
}
