// Whether a cluster's own plan is paid ("pay later", issue 24). The platform marks a cluster unpaid from its
// creation until a subscription to its plan is live, and again once that subscription ends; after a grace
// period it stops the cluster (nothing is deleted) until it is paid.

export interface ClusterPaymentFields {
  state: string;
  unpaidSince?: string | null;
  unpaidStopAt?: string | null;
}

export type UnpaidStatus =
  /** Running unpaid: it stops at `stopsAt` unless it is paid. */
  | { kind: 'unpaid'; stopsAt: string }
  /** Stopped for it: paying starts it again. */
  | { kind: 'stopped' };

/** How the cluster is unpaid, or null while it is paid or being deleted (nothing is left to pay for then). */
export function unpaidStatus(cluster: ClusterPaymentFields): UnpaidStatus | null {
  if (!cluster.unpaidSince || cluster.state.toLowerCase() === 'deleting') return null;
  return cluster.unpaidStopAt ? { kind: 'unpaid', stopsAt: cluster.unpaidStopAt } : { kind: 'stopped' };
}
