import type { MetricName, MetricsRange } from '@/gql/graphql.ts';
import type { MetricSeries } from '../api/get-container-metrics.ts';

// How the metrics tab speaks of ranges and figures.

export const metricsRanges = ['HOUR', 'DAY', 'WEEK'] as const satisfies readonly MetricsRange[];

export const rangeSeconds: Record<MetricsRange, number> = { HOUR: 3600, DAY: 86_400, WEEK: 7 * 86_400 };

/** The toggle's label and the range in a sentence (`No samples in the last hour yet`). */
export const rangeTexts: Record<MetricsRange, { short: string; phrase: string }> = {
  HOUR: { short: '1 h', phrase: 'the last hour' },
  DAY: { short: '24 h', phrase: 'the last 24 hours' },
  WEEK: { short: '7 d', phrase: 'the last 7 days' },
};

/** The charts of a container, in the order shown. */
export const containerCharts: readonly { metric: MetricName; title: string; description: string }[] = [
  {
    metric: 'CPU_PERCENT',
    title: 'CPU',
    description: 'Average use of the replicas, in percent of their size.',
  },
  { metric: 'MEMORY_MB', title: 'Memory', description: 'Average in use per replica, in MB.' },
  {
    metric: 'REQUESTS_PER_SECOND',
    title: 'Requests',
    description: 'Requests per second served by all the replicas together.',
  },
];

let figureFormat: Intl.NumberFormat | undefined;
let smallFigureFormat: Intl.NumberFormat | undefined;
/** A figure in the customer's locale: whole from 10 up, with a decimal below (`3.5`, `42`). */
export function formatFigure(value: number): string {
  figureFormat ??= new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
  smallFigureFormat ??= new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
  return (Math.abs(value) < 10 ? smallFigureFormat : figureFormat).format(value);
}

/** `Latest 42 %, peak 80 %`: the newest point's average and the highest maximum of the range. */
export function seriesSummary(series: MetricSeries): string | undefined {
  const latest = series.points.at(-1);
  if (!latest) return undefined;
  const peak = Math.max(...series.points.map((point) => point.maximum));
  const withUnit = (value: number) => `${formatFigure(value)} ${series.unit}`;
  return `Latest ${withUnit(latest.average)}, peak ${withUnit(peak)}`;
}
