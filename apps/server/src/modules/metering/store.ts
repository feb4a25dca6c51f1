import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { MeteredResourceType } from '../../db/schema.ts';

/** Seconds of use at one size per resource; spans counts the runs of a job. */
export interface MeteredUsage {
  namespaceName: string;
  resourceType: MeteredResourceType;
  resourceName: string;
  size: string;
  spans: number;
  seconds: number;
}

/** Seconds of one container replica at one size. */
export interface ReplicaUsage {
  namespaceName: string;
  resourceName: string;
  subject: string;
  size: string;
  seconds: number;
}

interface Period {
  start: Date;
  end: Date;
  now: Date;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Each span's seconds within [start, end), an open span counted until `now`. */
function secondsWithin(period: Period) {
  const [start, end, now] = [at(period.start), at(period.end), at(period.now)];
  return {
    seconds: sql`GREATEST(0, extract(epoch FROM LEAST(COALESCE(ended_at, ${now}), ${end}) - GREATEST(started_at, ${start})))`,
    overlaps: sql`started_at < ${end} AND (ended_at IS NULL OR ended_at > ${start})`,
  };
}

/** Whether the period is whole calendar months (UTC), which the monthly sums answer. */
const isMonthStart = (date: Date) =>
  date.getTime() === Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);

/**
 * The customer's use within the period per resource and size, in one statement whatever the number of
 * resources. For whole calendar months (the billing page's question) it reads the monthly sums of closed
 * spans and prices the open spans live; other periods cut every span. Unordered: sorting in the database
 * costs more than ordering the grouped rows in JavaScript.
 */
export async function usageIn(db: Db, customerId: number, period: Period): Promise<MeteredUsage[]> {
  const { seconds, overlaps } = secondsWithin(period);
  const columns = sql`namespace_name AS "namespaceName", resource_type AS "resourceType", resource_name AS "resourceName", size`;
  if (isMonthStart(period.start) && isMonthStart(period.end)) {
    return queryRows<MeteredUsage>(
      db,
      sql`SELECT "namespaceName", "resourceType", "resourceName", size, sum(spans)::int AS spans, sum(seconds)::float8 AS seconds
          FROM (
            SELECT ${columns}, spans, seconds FROM usage_monthly
            WHERE customer_id = ${customerId} AND month >= ${at(period.start)} AND month < ${at(period.end)}
            UNION ALL
            SELECT ${columns}, 1, ${seconds} FROM usage_meters
            WHERE customer_id = ${customerId} AND ended_at IS NULL AND ${overlaps}
          ) AS usage
          GROUP BY 1, 2, 3, 4`,
    );
  }
  return queryRows<MeteredUsage>(
    db,
    sql`SELECT ${columns}, count(*)::int AS spans, sum(${seconds})::float8 AS seconds
        FROM usage_meters WHERE customer_id = ${customerId} AND ${overlaps}
        GROUP BY 1, 2, 3, 4`,
  );
}

/** Every container replica's use within the period, in one statement (asked only when shown). */
export async function replicaUsageIn(db: Db, customerId: number, period: Period): Promise<ReplicaUsage[]> {
  const { seconds, overlaps } = secondsWithin(period);
  return queryRows<ReplicaUsage>(
    db,
    sql`SELECT namespace_name AS "namespaceName", resource_name AS "resourceName", subject, size, sum(${seconds})::float8 AS seconds
        FROM usage_meters WHERE customer_id = ${customerId} AND resource_type = 'CONTAINER' AND ${overlaps}
        GROUP BY 1, 2, 3, 4`,
  );
}

/** The spans still open (what runs now), counted per type and size. */
export async function openSpans(
  db: Db,
  customerId: number,
): Promise<{ resourceType: MeteredResourceType; size: string; spans: number }[]> {
  return queryRows(
    db,
    sql`SELECT resource_type AS "resourceType", size, count(*)::int AS spans
        FROM usage_meters WHERE customer_id = ${customerId} AND ended_at IS NULL
        GROUP BY 1, 2`,
  );
}
