import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { MeteredResourceType } from '../../db/schema.ts';

/** Seconds of use at one size: per replica of a container, all runs of a job together, per volume. */
export interface MeteredUsage {
  namespaceName: string;
  resourceType: MeteredResourceType;
  resourceName: string;
  /** The replica's name for a container; empty for job runs and volumes, which are summed per size. */
  subject: string;
  size: string;
  spans: number;
  seconds: number;
}

/**
 * The customer's use within [start, end) in one statement, whatever the number of resources: each span cut
 * to the period, an open span counted until `now`.
 */
export async function usageIn(
  db: Db,
  customerId: number,
  period: { start: Date; end: Date; now: Date },
): Promise<MeteredUsage[]> {
  const start = sql`${period.start.toISOString()}::timestamptz`;
  const end = sql`${period.end.toISOString()}::timestamptz`;
  const now = sql`${period.now.toISOString()}::timestamptz`;
  return queryRows<MeteredUsage>(
    db,
    sql`SELECT namespace_name AS "namespaceName", resource_type AS "resourceType", resource_name AS "resourceName",
          CASE WHEN resource_type = 'CONTAINER' THEN subject ELSE '' END AS subject, size,
          count(*)::int AS spans,
          sum(GREATEST(0, extract(epoch FROM LEAST(COALESCE(ended_at, ${now}), ${end}) - GREATEST(started_at, ${start}))))::float8 AS seconds
        FROM usage_meters
        WHERE customer_id = ${customerId} AND started_at < ${end} AND (ended_at IS NULL OR ended_at > ${start})
        GROUP BY 1, 2, 3, 4, 5
        ORDER BY 1, 2, 3, 4, 5`,
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
