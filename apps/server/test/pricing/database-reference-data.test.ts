import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The reference data a database form picks from: cluster plans with their prices and engine versions, and
// the legacy databases' locations, node types and versions.

const CLUSTER_OFFER = graphql(`
  query ClusterOffer {
    cloudDatabaseClusterPlans {
      id
      name
      group
      cpu
      memory
      memoryMb: memory(unit: MB)
      storage
      replicas
      price {
        amount
        currency
      }
    }
    cloudDatabaseClusterVersions {
      type
      version
      patchLevelVersion
    }
  }
`);

const LEGACY_OFFER = graphql(`
  query LegacyOffer($numberOfNodes: Int) {
    locations {
      id
      name
    }
    databaseVersions {
      id
      type
      key
      name
    }
    nodeTypes(numberOfNodes: $numberOfNodes) {
      id
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
  }
`);

const NODE_TYPE = graphql(`
  query NodeType($id: String!) {
    nodeType(id: $id) {
      id
      key
      name
    }
  }
`);

let server: TestServer;
let alice: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  alice = await seed(server).customer();
});
afterAll(() => server.close());

describe('database cluster offer', () => {
  it('lists plans in groups, each with one replica or three at three times the price', async () => {
    const { cloudDatabaseClusterPlans: plans } = await alice.data(CLUSTER_OFFER);
    expect(plans).toHaveLength(10);
    expect(plans).toContainEqual({
      id: 'm-1',
      name: 'Medium',
      group: 'General purpose',
      cpu: 2,
      memory: 4,
      memoryMb: 4000,
      storage: 50,
      replicas: 1,
      price: { amount: 6000, currency: 'EUR' },
    });
    expect(plans.find((plan) => plan.id === 'm-3')).toMatchObject({
      name: 'Medium, high availability',
      replicas: 3,
      price: { amount: 18000 },
    });
    expect(new Set(plans.map((plan) => plan.replicas))).toEqual(new Set([1, 3]));
  });

  it('lists PostgreSQL 14 to 17 and MySQL 8.0 and 8.4 with their patch levels', async () => {
    const { cloudDatabaseClusterVersions: versions } = await alice.data(CLUSTER_OFFER);
    expect(versions.map((spec) => `${spec.type} ${spec.version}`)).toEqual([
      'postgresql 17',
      'postgresql 16',
      'postgresql 15',
      'postgresql 14',
      'mysql 8.4',
      'mysql 8.0',
    ]);
    for (const spec of versions) expect(spec.patchLevelVersion.startsWith(`${spec.version}.`)).toBe(true);
  });
});

describe('legacy cloud database offer', () => {
  it('lists locations, versions and node types, narrowed by their number of nodes', async () => {
    const all = await alice.data(LEGACY_OFFER, {});
    expect(all.locations.length).toBeGreaterThan(0);
    expect(all.databaseVersions.map((version) => version.key)).toContain('postgresql-16');
    expect(all.nodeTypes).toHaveLength(6);
    const clusters = await alice.data(LEGACY_OFFER, { numberOfNodes: 3 });
    expect(clusters.nodeTypes.map((type) => type.numberOfNodes)).toEqual([3, 3, 3]);
    expect(clusters.nodeTypes[0]).toEqual({
      id: 4,
      key: 'db.small.cluster',
      numberOfNodes: 3,
      price: { amount: 7500 },
      specifications: { cpu: 1, ram: 2, storage: 20 },
    });
  });

  it('finds a node type by id or key, and says which one it does not know', async () => {
    expect((await alice.data(NODE_TYPE, { id: '2' })).nodeType).toEqual({
      id: 2,
      key: 'db.medium',
      name: 'Medium',
    });
    expect((await alice.data(NODE_TYPE, { id: 'db.medium' })).nodeType.id).toBe(2);
    const error = expectGraphQLError(await alice.gql(NODE_TYPE, { id: 'db.huge' }), 'NOT_FOUND');
    expect(error.message).toBe('Node type db.huge not found');
  });
});
