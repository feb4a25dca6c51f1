import type { Db } from '../../db/client.ts';
import type { MetricsUnavailable } from '../../provisioning/driver.ts';
import {
  pruneMetricPoints,
  seriesOf,
  type MetricSource,
  type MetricsRange,
  type MetricsView,
} from './store.ts';

/** A source's series, and why its runtime cannot measure it, or one of its metrics, now (null while it can). */
export interface ResourceMetricsView extends MetricsView {
  unavailable: string | null;
  series: (MetricsView['series'][number] & { unavailable: string | null })[];
}

/** Metrics of resources the caller has already found as the signed-in customer's. */
export function createMetricService(deps: {
  db: Db;
  /** What the runtime cannot measure of containers now (the Kubernetes driver without a metrics API or Prometheus). */
  containersUnavailable?: () => MetricsUnavailable | undefined;
}) {
  return {
    async series(source: MetricSource, range: MetricsRange): Promise<ResourceMetricsView> {
      const view = await seriesOf(deps.db, source, range);
      // Only containers are measured by the runtime; a job's run durations are known from its runs.
      const why = source.kind === 'container' ? deps.containersUnavailable?.() : undefined;
      return {
        ...view,
        unavailable: why?.containers ?? null,
        series: view.series.map((series) => ({ ...series, unavailable: why?.series[series.metric] ?? null })),
      };
    },
    prune: (now?: Date) => pruneMetricPoints(deps.db, now),
  };
}

export type MetricService = ReturnType<typeof createMetricService>;
