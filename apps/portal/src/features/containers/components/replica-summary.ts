// How many replicas a container has, as the overview and the list say it: available of desired (the
// platform's numberOfReplicas is what it aims for now, under autoscaling the autoscaler's current choice),
// and the autoscaling range when there is one.

export interface ReplicaCounts {
  availableReplicas: number;
  numberOfReplicas: number;
  autoScaling?: { replicas: { minimum: number; maximum: number } } | null;
}

/** "2 of 3 available". */
export const availabilityText = (container: ReplicaCounts) =>
  `${container.availableReplicas} of ${container.numberOfReplicas} available`;

/** "autoscaling 1–5", or null for a fixed number of replicas. */
export function autoscalingRangeText(container: ReplicaCounts): string | null {
  const range = container.autoScaling?.replicas;
  return range ? `autoscaling ${range.minimum}–${range.maximum}` : null;
}

/** "2 of 3 available · autoscaling 1–5", or "1 of 1 available". */
export function replicaSummary(container: ReplicaCounts): string {
  const range = autoscalingRangeText(container);
  return range ? `${availabilityText(container)} · ${range}` : availabilityText(container);
}
