import { sizeMonthlyPrice, type PriceList } from '@/components/pricing/price-list.ts';
import { multiply, type Money } from '@/lib/money.ts';

interface CostedContainer {
  resources: string;
  numberOfReplicas: number;
  autoScaling?: { replicas: { minimum: number; maximum: number } } | null;
}

/**
 * Whether none of its replicas runs, nor is on its way: a deploy failed with nothing serving. Replicas are
 * metered while they run, so it costs nothing now.
 */
export function runsNoReplica(container: { state: string; availableReplicas: number }): boolean {
  return container.state === 'failed' && container.availableReplicas === 0;
}

/**
 * What a container costs a month: its size's price per replica times its replicas; under autoscaling from
 * the fewest replicas to the most. Null when the price list has no price for its size.
 */
export function containerMonthlyCost(
  container: CostedContainer,
  prices: PriceList,
): { low: Money; high: Money } | null {
  const perReplica = sizeMonthlyPrice(prices, container.resources);
  if (!perReplica) return null;
  const { minimum, maximum } = container.autoScaling?.replicas ?? {
    minimum: container.numberOfReplicas,
    maximum: container.numberOfReplicas,
  };
  return { low: multiply(perReplica, minimum), high: multiply(perReplica, maximum) };
}
