import { describe, expect, it } from 'vitest';
import type { TestCustomer } from '../support/customers.ts';
import {
  CREATE_CONNECTED_CONTAINER,
  createConnectedContainer,
  heldPairs,
  modifiedContainer,
  port,
  runningContainer,
} from '../support/external-connections.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { startServer, useServer } from '../support/server.ts';

// The operator's pools (EXTERNAL_IPV4_POOL, EXTERNAL_IPV6_POOL) as a test server is given them: CIDRs
// separated by commas, handed out lowest first, range after range; an IPv4 range of more than two addresses
// without its network and broadcast addresses. Here 192.0.2.7/32 and 198.51.100.8/30 (192.0.2.7, then
// 198.51.100.9 and .10) beside 2001:db8:1::/126 (four addresses): three pairs in all.

const suite = useServer({
  SIMULATED_DELAY_MS: '100',
  EXTERNAL_IPV4_POOL: '192.0.2.7/32, 198.51.100.8/30',
  EXTERNAL_IPV6_POOL: '2001:db8:1::/126',
});
const shop = async () =>
  (
    await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('shop')
  ).customer;

const webInput = (sharedIp = true) => ({
  name: 'web',
  namespace: 'shop',
  image: 'nginx:1.27',
  ports: ['80'],
  externalConnection: { sharedIp, ports: [{ internalPort: 80 }] },
});

describe('address pools from the settings', () => {
  const customers: TestCustomer[] = [];

  it('hands out range after range, lowest first, without the network and broadcast addresses', async () => {
    for (const sharedIp of [true, false, true]) {
      const customer = await shop();
      customers.push(customer);
      await createConnectedContainer(customer, webInput(sharedIp));
      await runningContainer(customer, 'shop', 'web');
    }
    expect((await heldPairs(suite.server)).map(({ ipv4, ipv6, shared }) => ({ ipv4, ipv6, shared }))).toEqual(
      [
        { ipv4: '192.0.2.7', ipv6: '2001:db8:1::', shared: true },
        { ipv4: '198.51.100.9', ipv6: '2001:db8:1::1', shared: false },
        { ipv4: '198.51.100.10', ipv6: '2001:db8:1::2', shared: true },
      ],
    );
  });

  it('refuses a new pair once a pool has none left, and still places ports on a held shared pair', async () => {
    const late = await shop();
    const refused = expectGraphQLError(
      await late.gql(CREATE_CONNECTED_CONTAINER, { input: webInput() }),
      'BAD_USER_INPUT',
    );
    expect(refused.message).toBe('No external address is free: try again later or contact support');
    expect(refused.extensions?.field).toBe('externalConnection.sharedIp');
    const plain = await late.gql(CREATE_CONNECTED_CONTAINER, {
      input: { ...webInput(), externalConnection: null },
    });
    expect(plain.body.errors).toBeUndefined();

    // A customer with a shared pair needs no new one.
    const [first] = customers;
    if (!first) throw new Error('no customer from the test before');
    const second = await createConnectedContainer(first, { ...webInput(), name: 'api' });
    expect(second.externalConnection).toMatchObject({ ipv4: '192.0.2.7', ports: [port(30000, 80)] });
    await runningContainer(first, 'shop', 'api');

    // Once a pair is given up, it is the one handed out next.
    const [, dedicated] = customers;
    if (!dedicated) throw new Error('no customer from the test before');
    await modifiedContainer(dedicated, {
      name: 'web',
      namespace: 'shop',
      externalConnection: { state: 'ABSENT' },
    });
    await runningContainer(late, 'shop', 'web');
    const given = await modifiedContainer(late, {
      name: 'web',
      namespace: 'shop',
      externalConnection: { ports: [{}] },
    });
    expect(given.externalConnection).toEqual({
      ipv4: '198.51.100.9',
      ipv6: '2001:db8:1::1',
      sharedIp: true,
      ports: [port(80, 80)],
    });
  });
});

describe('pools that are no pools', () => {
  it.each([
    [
      'an IPv6 range as IPv4 pool',
      { EXTERNAL_IPV4_POOL: '2001:db8::/64' },
      /EXTERNAL_IPV4_POOL[\s\S]*not an IPv4 range/,
    ],
    [
      'an IPv4 range as IPv6 pool',
      { EXTERNAL_IPV6_POOL: '192.0.2.0/24' },
      /EXTERNAL_IPV6_POOL[\s\S]*not an IPv6 range/,
    ],
    ['no CIDR', { EXTERNAL_IPV4_POOL: '192.0.2.1' }, /EXTERNAL_IPV4_POOL/],
    ['nothing', { EXTERNAL_IPV4_POOL: ' , ' }, /EXTERNAL_IPV4_POOL[\s\S]*no IPv4 range given/],
  ])('refuses to start with %s', async (_case, settings, message) => {
    await expect(startServer(settings)).rejects.toThrow(message);
  });
});
