import { planReplicas, planResources } from '@/components/pricing/plan-text.ts';
import type { BrokerVersion, QueuePlan } from '../api/get-queue-offer.ts';

// How the portal writes what the platform offers for a message queue: broker versions and what a plan gives.

const brokerNames: Readonly<Record<string, string>> = { rabbitmq: 'RabbitMQ' };

/** `RabbitMQ 4.1`; a broker the portal does not know yet keeps the platform's name. */
export const brokerLabel = (spec: { type: string; version: string }) =>
  `${brokerNames[spec.type.toLowerCase()] ?? spec.type} ${spec.version}`;

/** The versions on offer, newest first. */
export const versionsNewestFirst = (versions: readonly BrokerVersion[]): BrokerVersion[] =>
  [...versions].sort((a, b) => b.version.localeCompare(a.version, 'en', { numeric: true }));

let numberFormat: Intl.NumberFormat | undefined;
const formatCount = (count: number) => (numberFormat ??= new Intl.NumberFormat()).format(count);

/**
 * `250 connections · 2,500–10,000 messages/s`: what one broker of the plan sustains, from persistent messages
 * in quorum queues with confirms to transient ones in classic queues.
 */
export function benchmarkText(benchmark: NonNullable<QueuePlan['benchmark']>): string {
  const { connections, minimumMessageRate, maximumMessageRate } = benchmark;
  return `${formatCount(connections)} connections · ${formatCount(minimumMessageRate)}–${formatCount(maximumMessageRate)} messages/s`;
}

/** `1 vCPU · 2 GB memory · 10 GB storage · 3 replicas`. */
export const planSize = (plan: Pick<QueuePlan, 'cpu' | 'memory' | 'storage' | 'replicas'>) =>
  `${planResources(plan)} · ${planReplicas(plan.replicas)}`;
