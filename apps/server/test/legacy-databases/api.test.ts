import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import type { CreateLegacyDatabaseMutationVariables } from '../generated/graphql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

const CREATE = graphql(`
  mutation CreateLegacyDatabase(
    $customerId: ID!
    $name: String!
    $password: String!
    $username: String!
    $version: String!
    $nodeType: String!
    $location: Int!
    $whitelist: [String!]!
  ) {
    createCloudDatabase(
      customerId: $customerId
      name: $name
      password: $password
      username: $username
      version: $version
      nodeType: $nodeType
      location: $location
      whitelist: $whitelist
    ) {
      id
      name
      state
    }
  }
`);
const LEGACY_DATABASE = graphql(`
  query LegacyDatabase($id: ID!) {
    cloudDatabase(id: $id) {
      id
      name
      hostname
      username
      connectionString
      whitelist
      state
      createdAt
      deletedAt
      version {
        key
        type
      }
      nodeType {
        key
        numberOfNodes
        price {
          amount
        }
        specifications {
          cpu
          ram
          storage
        }
      }
      location {
        id
        name
      }
    }
  }
`);
const LEGACY_DATABASES = graphql(`
  query LegacyDatabases {
    cloudDatabases {
      name
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const input = (customer: TestCustomer, overrides: Partial<CreateLegacyDatabaseMutationVariables> = {}) => ({
  customerId: String(customer.customerId),
  name: 'inventory',
  password: 'a-long-enough-password',
  username: 'owner',
  version: 'postgresql-16',
  nodeType: 'db.medium.cluster',
  location: 2,
  whitelist: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
  ...overrides,
});

describe('legacy cloud databases', () => {
  it('creates one, runs it, and shows it with its reference data and no password', async () => {
    const customer = await seed(server).customer({ subscriptions: ['cloud-database'] });
    const created = (await customer.data(CREATE, input(customer))).createCloudDatabase;
    expect(created).toMatchObject({ name: 'inventory', state: 'creating' });
    const running = await eventually('the database to run', async () => {
      const { cloudDatabase } = await customer.data(LEGACY_DATABASE, { id: created.id });
      return cloudDatabase?.state === 'running' ? cloudDatabase : undefined;
    });
    expect(running).toMatchObject({
      hostname: `db-${created.id}.amsterdam.db.apps.localhost`,
      username: 'owner',
      connectionString: `postgresql://owner@db-${created.id}.amsterdam.db.apps.localhost:5432/inventory`,
      whitelist: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
      deletedAt: null,
      version: { key: 'postgresql-16', type: 'postgresql' },
      nodeType: {
        key: 'db.medium.cluster',
        numberOfNodes: 3,
        price: { amount: 15000 },
        specifications: { cpu: 2, ram: 4, storage: 40 },
      },
      location: { id: 2, name: 'Amsterdam' },
    });
    expect(JSON.stringify(running)).not.toContain('a-long-enough-password');
    expect((await customer.data(LEGACY_DATABASES)).cloudDatabases).toEqual([{ name: 'inventory' }]);
  });

  it.each([
    ['name', { name: 'Bad-Name' }, /lowercase letters, digits and underscores/],
    ['username', { username: 'postgres' }, /^User name postgres is reserved$/],
    ['password', { password: 'short' }, /at least 12 characters/],
    ['version', { version: 'postgresql-9' }, /Unknown version postgresql-9/],
    ['nodeType', { nodeType: 'db.huge' }, /Unknown node type db.huge/],
    ['location', { location: 99 }, /Unknown location 99/],
    ['whitelist', { whitelist: ['10.0.0.0/33'] }, /10.0.0.0\/33 is not an IP address or a network/],
    ['whitelist', { whitelist: ['example.com'] }, /example.com is not an IP address/],
  ])('refuses a bad %s (%j) and writes nothing', async (field, overrides, message) => {
    const customer = await seed(server).customer({ subscriptions: ['cloud-database'] });
    const error = expectGraphQLError(
      await customer.gql(CREATE, input(customer, overrides)),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(message);
    expect(error.extensions?.field).toBe(field);
    expect((await customer.data(LEGACY_DATABASES)).cloudDatabases).toEqual([]);
  });

  it("keeps one customer's databases from another: creating for them is not found, reading gives null", async () => {
    const owner = await seed(server).customer({ subscriptions: ['cloud-database'] });
    const { id } = (await owner.data(CREATE, input(owner))).createCloudDatabase;
    const other = await seed(server).customer({ subscriptions: ['cloud-database'] });
    const refused = expectGraphQLError(
      await other.gql(CREATE, { ...input(other), customerId: String(owner.customerId) }),
      'NOT_FOUND',
    );
    expect(refused.message).toBe(`Customer ${owner.customerId} not found`);
    expect((await other.data(LEGACY_DATABASE, { id })).cloudDatabase).toBeNull();
    expect((await other.data(LEGACY_DATABASE, { id: 'not-a-number' })).cloudDatabase).toBeNull();
    expect((await other.data(LEGACY_DATABASES)).cloudDatabases).toEqual([]);
    expect((await owner.data(LEGACY_DATABASES)).cloudDatabases).toEqual([{ name: 'inventory' }]);
  });
});
