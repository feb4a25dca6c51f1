import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { graphql } from '../generated/gql.ts';
import { DELETE_CONTAINER } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import {
  FIRST_PAIR,
  MODIFY_CONNECTED_CONTAINER,
  SECOND_PAIR,
  THIRD_PAIR,
  createConnectedContainer,
  heldPairs,
  modifiedContainer,
  port,
  runningContainer,
} from '../support/external-connections.ts';
import { billingApi, expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// A connection with sharedIp false gets an address pair of its own, the lowest free of the pools, metered
// from its allocation to its release as IPADDRESS (300 cents a month, a month being 730 hours): it shows in
// Customer.priceBreakdown as an IpAddressPriceBreakdown named by its IPv4 address, in no namespace, and in
// the billing API's usage. The server prices open spans until its clock, 73 hours (a tenth of a month) after
// this file started, so a pair held since then costs 30 cents (the seconds the setup took are well under a
// cent); a pair given up at once costs nothing.

const HOUR = 3600_000;
const STARTED = Date.now();
const NOW = new Date(STARTED + 73 * HOUR);
const PERIOD = {
  startDate: new Date(STARTED - HOUR).toISOString(),
  endDate: new Date(NOW.getTime() + HOUR).toISOString(),
};

const IP_BREAKDOWN = graphql(`
  query IpAddressPriceBreakdown($startDate: DateTime, $endDate: DateTime) {
    customer {
      priceBreakdown(startDate: $startDate, endDate: $endDate) {
        all: resourceSum {
          price {
            amount
          }
        }
        addresses: resourceSum(resourceType: IPADDRESS) {
          resourceType
          price {
            amount
            currency
          }
        }
        resources {
          __typename
          ... on IpAddressPriceBreakdown {
            name
            resourceType
            price {
              amount
              currency
            }
          }
          ... on NamespacePriceBreakdown {
            name
          }
        }
        onlyAddresses: resources(resourceType: IPADDRESS) {
          __typename
        }
        firstAddress: resources(name: "192.0.2.1") {
          ... on IpAddressPriceBreakdown {
            name
          }
        }
      }
    }
  }
`);

interface Usage {
  usage: {
    cost: { amountCents: number };
    byResourceType: { resourceType: string; cost: { amountCents: number } }[];
    namespaces: { name: string; resources: { resourceType: string; name: string }[] }[];
  };
}
const USAGE = `query IpAddressUsage($startDate: DateTime, $endDate: DateTime) {
  usage(startDate: $startDate, endDate: $endDate) {
    cost { amountCents }
    byResourceType { resourceType cost { amountCents } }
    namespaces { name resources { resourceType name } }
  }
}`;

const suite = useServer({ SIMULATED_DELAY_MS: '100' }, { clock: () => NOW });

/** The customer's meters of address pairs: IPv4 as the resource, IPv6 as the subject. */
const addressMeters = (customer: TestCustomer) =>
  queryRows<{ resource: string; subject: string; size: string; open: boolean }>(
    suite.server.berth.database.db,
    sql`SELECT resource_name AS resource, subject, size, ended_at IS NULL AS open FROM usage_meters
        WHERE customer_id = ${customer.customerId} AND resource_type = 'IPADDRESS' ORDER BY id`,
  );

describe('dedicated address pairs', () => {
  let carol: TestCustomer;
  beforeAll(async () => {
    ({ customer: carol } = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('data'));
  });

  const create = (
    name: string,
    externalConnection: Parameters<typeof createConnectedContainer>[1]['externalConnection'],
  ) =>
    createConnectedContainer(carol, {
      name,
      namespace: 'data',
      image: 'postgres:17',
      ports: ['5432'],
      externalConnection,
    });

  it('gives a connection with sharedIp false a pair of its own, metered; a shared one goes on another pair', async () => {
    const own = await create('db', { sharedIp: false, ports: [{ internalPort: 5432 }] });
    expect(own.externalConnection).toEqual({ ...FIRST_PAIR, sharedIp: false, ports: [port(5432, 5432)] });
    await runningContainer(carol, 'data', 'db');

    const shared = await create('replica', { ports: [{ internalPort: 5432 }] });
    // The dedicated pair is no shared pair: its port 5432 does not hold the shared pair's.
    expect(shared.externalConnection).toEqual({ ...SECOND_PAIR, sharedIp: true, ports: [port(5432, 5432)] });
    await runningContainer(carol, 'data', 'replica');

    expect(await heldPairs(suite.server)).toEqual([
      { customerId: carol.customerId, ...FIRST_PAIR, shared: false, connections: 1 },
      { customerId: carol.customerId, ...SECOND_PAIR, shared: true, connections: 1 },
    ]);
    expect(await addressMeters(carol)).toEqual([
      { resource: FIRST_PAIR.ipv4, subject: FIRST_PAIR.ipv6, size: '1', open: true },
    ]);
  });

  it('gives each dedicated connection a pair; frees it on removal and on delete, the meter stopping', async () => {
    const removed = await create('cache', { sharedIp: false, ports: [{}] });
    expect(removed.externalConnection).toMatchObject({ ...THIRD_PAIR, sharedIp: false });
    await runningContainer(carol, 'data', 'cache');
    const gone = await modifiedContainer(carol, {
      name: 'cache',
      namespace: 'data',
      externalConnection: { state: 'ABSENT' },
    });
    expect(gone.externalConnection).toBeNull();
    expect((await heldPairs(suite.server)).map((pair) => pair.ipv4)).toEqual([
      FIRST_PAIR.ipv4,
      SECOND_PAIR.ipv4,
    ]);

    // The freed pair is the lowest free one again.
    const deleted = await create('scratch', { sharedIp: false, ports: [{}] });
    expect(deleted.externalConnection).toMatchObject({ ...THIRD_PAIR, sharedIp: false });
    await runningContainer(carol, 'data', 'scratch');
    await carol.data(DELETE_CONTAINER, { name: 'scratch', namespace: 'data' });
    expect((await heldPairs(suite.server)).map((pair) => pair.ipv4)).toEqual([
      FIRST_PAIR.ipv4,
      SECOND_PAIR.ipv4,
    ]);

    expect(await addressMeters(carol)).toEqual([
      { resource: FIRST_PAIR.ipv4, subject: FIRST_PAIR.ipv6, size: '1', open: true },
      { resource: THIRD_PAIR.ipv4, subject: THIRD_PAIR.ipv6, size: '1', open: false },
      { resource: THIRD_PAIR.ipv4, subject: THIRD_PAIR.ipv6, size: '1', open: false },
    ]);
  });

  it('moves a connection from the shared pair to one of its own and back, keeping its ports', async () => {
    const dedicated = await modifiedContainer(carol, {
      name: 'replica',
      namespace: 'data',
      externalConnection: {
        sharedIp: false,
        ports: [{ internalPort: 5432, allowList: [{ ip: '10.0.0.0/8' }] }],
      },
    });
    // Its own pair, the lowest free; the shared pair, with nothing left on it, is given up.
    expect(dedicated.externalConnection).toEqual({
      ...THIRD_PAIR,
      sharedIp: false,
      ports: [port(5432, 5432, { allowList: ['10.0.0.0/8'] })],
    });
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: carol.customerId, ...FIRST_PAIR, shared: false, connections: 1 },
      { customerId: carol.customerId, ...THIRD_PAIR, shared: false, connections: 1 },
    ]);

    const sharedAgain = await modifiedContainer(carol, {
      name: 'replica',
      namespace: 'data',
      externalConnection: { sharedIp: true },
    });
    expect(sharedAgain.externalConnection).toEqual({
      ...SECOND_PAIR,
      sharedIp: true,
      ports: [port(5432, 5432, { allowList: ['10.0.0.0/8'] })],
    });
    expect(await heldPairs(suite.server)).toEqual([
      { customerId: carol.customerId, ...FIRST_PAIR, shared: false, connections: 1 },
      { customerId: carol.customerId, ...SECOND_PAIR, shared: true, connections: 1 },
    ]);
    const meters = await addressMeters(carol);
    expect(meters.filter((meter) => meter.open)).toEqual([
      { resource: FIRST_PAIR.ipv4, subject: FIRST_PAIR.ipv6, size: '1', open: true },
    ]);
    expect(meters).toHaveLength(4);
  });

  it('keeps the pair of its own through a port patch that repeats sharedIp false', async () => {
    const patched = await modifiedContainer(carol, {
      name: 'db',
      namespace: 'data',
      externalConnection: {
        sharedIp: false,
        state: 'PRESENT',
        ports: [
          { externalPort: 5432, internalPort: 5432, protocol: 'TCP', allowList: [{ ip: '192.168.0.0/16' }] },
        ],
      },
    });
    expect(patched.externalConnection).toEqual({
      ...FIRST_PAIR,
      sharedIp: false,
      ports: [port(5432, 5432, { allowList: ['192.168.0.0/16'] })],
    });
    expect((await addressMeters(carol)).filter((meter) => meter.open)).toHaveLength(1);
  });

  it('refuses a move to the shared pair where its port is taken there, and leaves it on its own pair', async () => {
    // replica holds 5432 on the shared pair; db asks to move there with its 5432.
    const before = await runningContainer(carol, 'data', 'db');
    const refused = expectGraphQLError(
      await carol.gql(MODIFY_CONNECTED_CONTAINER, {
        input: { name: 'db', namespace: 'data', externalConnection: { sharedIp: true } },
      }),
      'BAD_USER_INPUT',
    );
    expect(refused.message).toBe(
      `Port 5432/TCP is already taken on ${SECOND_PAIR.ipv4} and ${SECOND_PAIR.ipv6}`,
    );
    expect(refused.extensions?.field).toBe('externalConnection.ports.externalPort');
    expect(await runningContainer(carol, 'data', 'db')).toEqual(before);
    expect((await addressMeters(carol)).filter((meter) => meter.open)).toHaveLength(1);
  });

  it('prices a held pair as IPADDRESS by its IPv4 address, and one given up at once at nothing', async () => {
    const { customer } = await carol.data(IP_BREAKDOWN, PERIOD);
    const breakdown = customer?.priceBreakdown;
    // 73 of 730 hours at 300 cents a month; the third pair was held for seconds three times.
    expect(breakdown?.addresses).toEqual({
      resourceType: 'IPADDRESS',
      price: { amount: 30, currency: 'EUR' },
    });
    const addresses = breakdown?.resources.filter((item) => item.__typename === 'IpAddressPriceBreakdown');
    expect(addresses).toEqual([
      {
        __typename: 'IpAddressPriceBreakdown',
        name: FIRST_PAIR.ipv4,
        resourceType: 'IPADDRESS',
        price: { amount: 30, currency: 'EUR' },
      },
      {
        __typename: 'IpAddressPriceBreakdown',
        name: THIRD_PAIR.ipv4,
        resourceType: 'IPADDRESS',
        price: { amount: 0, currency: 'EUR' },
      },
    ]);
    expect(breakdown?.onlyAddresses).toEqual([
      { __typename: 'IpAddressPriceBreakdown' },
      { __typename: 'IpAddressPriceBreakdown' },
    ]);
    expect(breakdown?.firstAddress).toEqual([{ name: FIRST_PAIR.ipv4 }]);
    expect(breakdown?.all.price.amount).toBeGreaterThanOrEqual(30);

    // The billing page's usage bills addresses by use, beside the namespaces.
    const billing = billingApi(suite.server.url, () => carol.token());
    const { usage } = await billing.data<Usage>(USAGE, PERIOD);
    expect(usage.byResourceType).toContainEqual({ resourceType: 'IPADDRESS', cost: { amountCents: 30 } });
    expect(
      usage.namespaces.flatMap((namespace) => namespace.resources.map((resource) => resource.resourceType)),
    ).not.toContain('IPADDRESS');
  });

  it("shows a customer without dedicated pairs none of another's", async () => {
    const dave = await seed(suite.server).customer({ subscriptions: ['serverless-container'] });
    const { customer } = await dave.data(IP_BREAKDOWN, PERIOD);
    expect(customer?.priceBreakdown.addresses.price.amount).toBe(0);
    expect(customer?.priceBreakdown.resources).toEqual([]);
  });
});
