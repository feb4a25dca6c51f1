import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The catalogue a message queue form picks from, as a client reads it: plans with resources in the units asked
// for, a monthly price and benchmark figures, and the RabbitMQ versions.

const QUEUE_OFFER = graphql(`
  query MessageQueueOffer {
    messageQueuePlans {
      id
      name
      group
      replicas
      price {
        amount
        currency
      }
      benchmark {
        connections
        minimumMessageRate
        maximumMessageRate
      }
      cpu
      millicores: cpu(unit: mCPU)
      memory
      memoryMb: memory(unit: MB)
      storage
      storageMb: storage(unit: MB)
      storageTb: storage(unit: TB)
    }
    messageQueueVersions {
      type
      version
      patchLevelVersion
    }
  }
`);

const CLUSTER_PLAN_IDS = graphql(`
  query ClusterPlanIds {
    cloudDatabaseClusterPlans {
      id
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

describe('message queue plans', () => {
  it('lists five sizes, each with one replica or three at three times the price', async () => {
    const { messageQueuePlans: plans } = await alice.data(QUEUE_OFFER);
    expect(plans.map((plan) => plan.id)).toEqual([
      'mq-xs-1',
      'mq-xs-3',
      'mq-s-1',
      'mq-s-3',
      'mq-m-1',
      'mq-m-3',
      'mq-l-1',
      'mq-l-3',
      'mq-xl-1',
      'mq-xl-3',
    ]);
    expect(plans.find((plan) => plan.id === 'mq-m-1')).toEqual({
      id: 'mq-m-1',
      name: 'Medium',
      group: 'General purpose',
      replicas: 1,
      price: { amount: 3200, currency: 'EUR' },
      benchmark: { connections: 500, minimumMessageRate: 5000, maximumMessageRate: 20000 },
      cpu: 2,
      millicores: 2000,
      memory: 4,
      memoryMb: 4000,
      storage: 20,
      storageMb: 20000,
      storageTb: 0.02,
    });
    expect(plans.find((plan) => plan.id === 'mq-m-3')).toMatchObject({
      name: 'Medium, high availability',
      replicas: 3,
      price: { amount: 9600, currency: 'EUR' },
      cpu: 2,
      memory: 4,
      storage: 20,
    });
  });

  it('gives the smallest plan half a CPU, in cores by default and in millicores when asked', async () => {
    const { messageQueuePlans: plans } = await alice.data(QUEUE_OFFER);
    expect(plans[0]).toMatchObject({ id: 'mq-xs-1', group: 'Development', cpu: 0.5, millicores: 500 });
  });

  it('shows a three-replica plan the figures of its size, and figures that grow with the size', async () => {
    const { messageQueuePlans: plans } = await alice.data(QUEUE_OFFER);
    const single = plans.filter((plan) => plan.replicas === 1);
    for (const plan of single) {
      const trio = plans.find((candidate) => candidate.id === plan.id.replace(/-1$/, '-3'));
      expect(trio?.benchmark).toEqual(plan.benchmark);
      expect(trio?.price.amount).toBe(3 * (plan.price.amount ?? 0));
    }
    for (const [smaller, larger] of single.slice(1).map((plan, index) => [single[index], plan] as const)) {
      expect(larger.cpu).toBeGreaterThan(smaller?.cpu ?? Infinity);
      expect(larger.price.amount).toBeGreaterThan(smaller?.price.amount ?? Infinity);
      expect(larger.benchmark?.connections).toBeGreaterThan(smaller?.benchmark?.connections ?? Infinity);
      expect(larger.benchmark?.maximumMessageRate).toBeGreaterThan(
        smaller?.benchmark?.maximumMessageRate ?? Infinity,
      );
    }
    for (const { benchmark } of plans) {
      expect(benchmark?.minimumMessageRate).toBeLessThan(benchmark?.maximumMessageRate ?? 0);
    }
  });

  it('shares no id with a database cluster plan: checkout sells both by id', async () => {
    const { messageQueuePlans: plans } = await alice.data(QUEUE_OFFER);
    const { cloudDatabaseClusterPlans: clusterPlans } = await alice.data(CLUSTER_PLAN_IDS);
    const clusterIds = new Set(clusterPlans.map((plan) => plan.id));
    expect(plans.filter((plan) => clusterIds.has(plan.id))).toEqual([]);
  });
});

describe('message queue versions', () => {
  it('lists the RabbitMQ 4.1, 4.0 and 3.13 lines, newest first, each with its patch level', async () => {
    const { messageQueueVersions: versions } = await alice.data(QUEUE_OFFER);
    expect(versions).toEqual([
      { type: 'rabbitmq', version: '4.1', patchLevelVersion: '4.1.4' },
      { type: 'rabbitmq', version: '4.0', patchLevelVersion: '4.0.9' },
      { type: 'rabbitmq', version: '3.13', patchLevelVersion: '3.13.7' },
    ]);
  });
});
