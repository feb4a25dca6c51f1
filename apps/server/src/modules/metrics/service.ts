import type { Db } from '../../db/client.ts';
import { pruneMetricPoints, seriesOf, type MetricSource, type MetricsRange } from './store.ts';

/** Metrics of resources the caller has already found as the signed-in customer's. */
export function createMetricService(deps: { db: Db }) {
  return {
    series: (source: MetricSource, range: MetricsRange) => seriesOf(deps.db, source, range),
    prune: (now?: Date) => pruneMetricPoints(deps.db, now),
  };
}

export type MetricService = ReturnType<typeof createMetricService>;
