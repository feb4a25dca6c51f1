// Whether a resource's own plan is paid ("pay later", issue 24): database clusters and message queues. The
// platform marks such a resource unpaid from its creation until a subscription to its plan is live, and again
// once that subscription ends; after a grace period it stops the resource (nothing is deleted) until it is paid.

export interface PlanPaymentFields {
  state: string;
  unpaidSince?: string | null;
  unpaidStopAt?: string | null;
}

export type UnpaidStatus =
  /** Running unpaid: it stops at `stopsAt` unless it is paid. */
  | { kind: 'unpaid'; stopsAt: string }
  /** Stopped for it: paying starts it again. */
  | { kind: 'stopped' };

/** How the resource is unpaid, or null while it is paid or being deleted (nothing is left to pay for then). */
export function unpaidStatus(resource: PlanPaymentFields): UnpaidStatus | null {
  if (!resource.unpaidSince || resource.state.toLowerCase() === 'deleting') return null;
  return resource.unpaidStopAt ? { kind: 'unpaid', stopsAt: resource.unpaidStopAt } : { kind: 'stopped' };
}
