import type { ContainerRow, ReplicaRow } from './store.ts';

// Container.numberOfReplicas and availableReplicas. The runtime reports how many replicas it aims for
// (containers.desired_replicas); the spec bounds that report, so a change of scaling shows at once, before
// the runtime has caught up with it.

/**
 * How many replicas the container should run now: the fixed count, or under autoscaling what the autoscaler
 * currently wants, within minimum..maximum (the minimum until the runtime has said).
 */
export function desiredReplicas(container: Pick<ContainerRow, 'scaling' | 'desiredReplicas'>): number {
  const { scaling } = container;
  if ('replicas' in scaling) return scaling.replicas;
  const wanted = container.desiredReplicas ?? scaling.minimum;
  return Math.min(scaling.maximum, Math.max(scaling.minimum, wanted));
}

/**
 * Running replicas, at most the desired count: during a rolling update the previous replicas keep serving
 * until the new ones replace them, and the surplus of both together is not capacity the customer asked for.
 */
export function availableReplicas(desired: number, replicas: readonly Pick<ReplicaRow, 'status'>[]): number {
  return Math.min(desired, replicas.filter((replica) => replica.status === 'running').length);
}
