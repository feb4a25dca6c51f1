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

/** Each span's seconds within [start, end), an open span counted until `now`. */
function secondsWithin(period: Period) {
  const start = sql`${period.start.toISOString()}::timestamptz`;
  const end = sql`${period.end.toISOString()}::timestamptz`;
  const now = sql`${period.now.toISOString()}::timestamptz`;
  return {
    seconds: sql`sum(GREATEST(0, extract(epoch FROM LEAST(COALESCE(ended_at, ${now}), ${end}) - GREATEST(started_at, ${start}))))::float8`,
    overlaps: sql`started_at < ${end} AND (ended_at IS NULL OR ended_at > ${start})`,
  };
}

/**
 * The customer's use within the period per resource and size, in one statement whatever the number of
 * resources (a month of a thousand resources' spans is grouped into about as many rows). Unordered: sorting
 * tens of thousands of spans in the database costs more than ordering the grouped rows in JavaScript.
 */
export async function usageIn(db: Db, customerId: number, period: Period): Promise<MeteredUsage[]> {
  const { seconds, overlaps } = secondsWithin(period);
  return queryRows<MeteredUsage>(
    db,
    sql`SELECT namespace_name AS "namespaceName", resource_type AS "resourceType", resource_name AS "resourceName",
          size, count(*)::int AS spans, ${seconds} AS seconds
        FROM usage_meters WHERE customer_id = ${customerId} AND ${overlaps}
        GROUP BY 1, 2, 3, 4`,
  );
}

/** Every container replica's use within the period, in one statement (asked only when shown). */
export async function replicaUsageIn(db: Db, customerId: number, period: Period): Promise<ReplicaUsage[]> {
  const { seconds, overlaps } = secondsWithin(period);
  return queryRows<ReplicaUsage>(
    db,
    sql`SELECT namespace_name AS "namespaceName", resource_name AS "resourceName", subject, size, ${seconds} AS seconds
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
