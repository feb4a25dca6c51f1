import type { Db } from '../../db/client.ts';
import {
  pruneMetricPoints,
  seriesOf,
  type MetricSource,
  type MetricsRange,
  type MetricsView,
} from './store.ts';

/** A source's series, and why its runtime cannot measure it now (null while it can). */
export interface ResourceMetricsView extends MetricsView {
  unavailable: string | null;
}

/** Metrics of resources the caller has already found as the signed-in customer's. */
export function createMetricService(deps: {
  db: Db;
  /** Why the runtime cannot sample containers now (the Kubernetes driver without a metrics API); null if it can. */
  containersUnavailable?: () => string | null;
}) {
  return {
    async series(source: MetricSource, range: MetricsRange): Promise<ResourceMetricsView> {
      const view = await seriesOf(deps.db, source, range);
      // Only containers are measured by the runtime; a job's run durations are known from its runs.
      const unavailable = source.kind === 'container' ? (deps.containersUnavailable?.() ?? null) : null;
      return { ...view, unavailable };
    },
    prune: (now?: Date) => pruneMetricPoints(deps.db, now),
  };
}

export type MetricService = ReturnType<typeof createMetricService>;
