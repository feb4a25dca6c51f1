import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { metricPoints } from '../../db/schema.ts';

// Samples the runtime reports (whichever driver, in the transaction of its report) are kept only as points:
// one per minute for a day and one per hour for a month, each the count, sum and maximum of the samples
// that fell in it. A sample adds to both points of its moment in one statement.

export type MetricSourceKind = 'container' | 'container-job';

export interface MetricSource {
  kind: MetricSourceKind;
  id: number;
}

export type MetricName = 'CPU_PERCENT' | 'MEMORY_MB' | 'REQUESTS_PER_SECOND' | 'RUN_DURATION_SECONDS';

/** What each kind of source reports, with the unit shown. */
export const metricsOf: Record<MetricSourceKind, { metric: MetricName; unit: string }[]> = {
  container: [
    { metric: 'CPU_PERCENT', unit: '%' },
    { metric: 'MEMORY_MB', unit: 'MB' },
    { metric: 'REQUESTS_PER_SECOND', unit: 'req/s' },
  ],
  'container-job': [{ metric: 'RUN_DURATION_SECONDS', unit: 's' }],
};

type Resolution = 'minute' | 'hour';

const RESOLUTION_MS: Record<Resolution, number> = { minute: 60_000, hour: 3_600_000 };

/** How long points of each resolution are kept: a day of minutes (and a little), a month of hours. */
const KEPT_MS: Record<Resolution, number> = { minute: 25 * 3_600_000, hour: 31 * 86_400_000 };

export type MetricsRange = 'HOUR' | 'DAY' | 'WEEK';

/** The span each range shows and the points it is drawn from. */
export const RANGES: Record<MetricsRange, { spanMs: number; resolution: Resolution }> = {
  HOUR: { spanMs: 3_600_000, resolution: 'minute' },
  DAY: { spanMs: 86_400_000, resolution: 'minute' },
  WEEK: { spanMs: 7 * 86_400_000, resolution: 'hour' },
};

const bucketOf = (at: Date, resolution: Resolution) =>
  new Date(Math.floor(at.getTime() / RESOLUTION_MS[resolution]) * RESOLUTION_MS[resolution]);

/** Adds one sample of each given metric of the source, taken at `at`. */
export async function recordSamples(
  tx: Db,
  source: MetricSource,
  values: Partial<Record<MetricName, number>>,
  at = new Date(),
) {
  const rows = Object.entries(values).flatMap(([metric, value]) =>
    (['minute', 'hour'] as const).map((resolution) => ({
      sourceKind: source.kind,
      sourceId: source.id,
      metric,
      resolution,
      bucket: bucketOf(at, resolution),
      samples: 1,
      total: value,
      maximum: value,
    })),
  );
  if (rows.length === 0) return;
  await tx
    .insert(metricPoints)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        metricPoints.sourceKind,
        metricPoints.sourceId,
        metricPoints.resolution,
        metricPoints.bucket,
        metricPoints.metric,
      ],
      set: {
        samples: sql`${metricPoints.samples} + excluded.samples`,
        total: sql`${metricPoints.total} + excluded.total`,
        maximum: sql`GREATEST(${metricPoints.maximum}, excluded.maximum)`,
      },
    });
}

export interface MetricsView {
  range: MetricsRange;
  /** Seconds each point covers. */
  resolution: number;
  series: {
    metric: MetricName;
    unit: string;
    points: { at: Date; average: number; maximum: number }[];
  }[];
}

/** The source's series over the range ending now, oldest point first; a metric without samples is empty. */
export async function seriesOf(
  db: Db,
  source: MetricSource,
  range: MetricsRange,
  now = new Date(),
): Promise<MetricsView> {
  const { spanMs, resolution } = RANGES[range];
  const rows = await db
    .select()
    .from(metricPoints)
    .where(
      and(
        eq(metricPoints.sourceKind, source.kind),
        eq(metricPoints.sourceId, source.id),
        eq(metricPoints.resolution, resolution),
        gte(metricPoints.bucket, bucketOf(new Date(now.getTime() - spanMs), resolution)),
      ),
    )
    .orderBy(asc(metricPoints.bucket));
  return {
    range,
    resolution: RESOLUTION_MS[resolution] / 1000,
    series: metricsOf[source.kind].map(({ metric, unit }) => ({
      metric,
      unit,
      points: rows
        .filter((row) => row.metric === metric)
        .map((row) => ({ at: row.bucket, average: row.total / row.samples, maximum: row.maximum })),
    })),
  };
}

/** Forgets points older than their resolution keeps them; returns how many. */
export async function pruneMetricPoints(db: Db, now = new Date()): Promise<number> {
  const older = (resolution: Resolution) =>
    and(
      eq(metricPoints.resolution, resolution),
      lt(metricPoints.bucket, new Date(now.getTime() - KEPT_MS[resolution])),
    );
  const gone = await db
    .delete(metricPoints)
    .where(or(older('minute'), older('hour')))
    .returning({ metric: metricPoints.metric });
  return gone.length;
}
