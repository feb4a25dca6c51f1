import { withReplicas } from './replicated-plans.ts';

// Our message queue offer (API.md `MessageQueuePlan`), priced in the one price list: monthly EUR cents, in
// sizes of one broker node or three (a RabbitMQ cluster with quorum queues: three times the price). Ids start
// with `mq-` because checkout sells plans by id, and the database cluster plans already take `xs-1`...

/**
 * What one broker of the plan's size sustains, the figures a customer sizes a plan by (RabbitMQ PerfTest, 1 kB
 * messages). A three-replica plan shows its size's figures: replicas add availability, not throughput.
 */
export interface BrokerBenchmark {
  /** Client connections open at once. */
  connections: number;
  /** Messages per second, persistent in quorum queues with publisher confirms: the rate a customer can count on. */
  minimumMessageRate: number;
  /** Messages per second, transient in classic queues without confirms: the ceiling. */
  maximumMessageRate: number;
}

export interface BrokerPlan {
  id: string;
  name: string;
  group: string;
  /** Per replica, as memory and storage are. */
  millicores: number;
  memoryGb: number;
  storageGb: number;
  replicas: 1 | 3;
  monthlyPriceCents: number;
  benchmark: BrokerBenchmark;
}

const benchmark = (connections: number, minimumMessageRate: number, maximumMessageRate: number) => ({
  connections,
  minimumMessageRate,
  maximumMessageRate,
});

const SIZES = [
  {
    key: 'xs',
    name: 'Extra small',
    group: 'Development',
    millicores: 500,
    memoryGb: 1,
    storageGb: 5,
    cents: 800,
    benchmark: benchmark(100, 1_000, 4_000),
  },
  {
    key: 's',
    name: 'Small',
    group: 'General purpose',
    millicores: 1000,
    memoryGb: 2,
    storageGb: 10,
    cents: 1600,
    benchmark: benchmark(250, 2_500, 10_000),
  },
  {
    key: 'm',
    name: 'Medium',
    group: 'General purpose',
    millicores: 2000,
    memoryGb: 4,
    storageGb: 20,
    cents: 3200,
    benchmark: benchmark(500, 5_000, 20_000),
  },
  {
    key: 'l',
    name: 'Large',
    group: 'General purpose',
    millicores: 4000,
    memoryGb: 8,
    storageGb: 40,
    cents: 6400,
    benchmark: benchmark(1_000, 10_000, 40_000),
  },
  {
    key: 'xl',
    name: 'Extra large',
    group: 'High throughput',
    millicores: 8000,
    memoryGb: 16,
    storageGb: 80,
    cents: 12800,
    benchmark: benchmark(2_000, 20_000, 80_000),
  },
] as const;

export const MESSAGE_QUEUE_PLANS: readonly BrokerPlan[] = withReplicas(SIZES, 'mq-');
