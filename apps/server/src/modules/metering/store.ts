import { sql, type SQL } from 'drizzle-orm';
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

// What the runtime reports becomes usage here: a span opens when something billable starts (a replica runs,
// a run starts, a volume is provided at a size, a message queue runs on its plan, a dedicated address pair is
// allocated) and closes when it stops. Whatever the driver, the runtime
// reports through these two calls, in the transaction that records the report.

export type MeteredSubject = {
  kind: 'replica' | 'run' | 'volume' | 'message-queue' | 'ip-address';
  id: number;
};

const subjectKey = (subject: MeteredSubject) => `${subject.kind}:${subject.id}`;

/** The span's fields read from the subject's rows: its customer, namespace, resource, name and size. */
function spanSource(subject: MeteredSubject): SQL {
  switch (subject.kind) {
    case 'replica':
      return sql`SELECT n.customer_id, n.name, 'CONTAINER', c.name, r.name, c.resources
        FROM container_replicas r JOIN containers c ON c.id = r.container_id JOIN namespaces n ON n.id = c.namespace_id
        WHERE r.id = ${subject.id}`;
    case 'run':
      return sql`SELECT n.customer_id, n.name, 'CONTAINER_JOB', j.name, r.name, j.resources
        FROM container_job_runs r JOIN container_jobs j ON j.id = r.job_id JOIN namespaces n ON n.id = j.namespace_id
        WHERE r.id = ${subject.id}`;
    case 'volume':
      return sql`SELECT n.customer_id, n.name, 'VOLUME', v.name, v.name, v.size_gb::text
        FROM volumes v JOIN namespaces n ON n.id = v.namespace_id
        WHERE v.id = ${subject.id}`;
    case 'message-queue':
      return sql`SELECT n.customer_id, n.name, 'MESSAGE_QUEUE', q.name, q.name, q.plan_id
        FROM message_queues q JOIN namespaces n ON n.id = q.namespace_id
        WHERE q.id = ${subject.id}`;
    case 'ip-address':
      // A customer's, in no namespace: named by its IPv4 address.
      return sql`SELECT e.customer_id, '', 'IPADDRESS', e.ipv4, e.ipv6, '1'
        FROM external_ips e WHERE e.id = ${subject.id}`;
  }
}

/**
 * Starts metering the subject at its current size from `at`. A subject already metered is closed at `at`
 * first, so a change of size (a volume grown) starts a new span.
 */
export async function startMeter(tx: Db, subject: MeteredSubject, at = new Date()) {
  await stopMeters(tx, [subject], at);
  const source = spanSource(subject);
  await tx.execute(sql`
    INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, size, subject_key, started_at)
    SELECT source.*, ${subjectKey(subject)}, ${at.toISOString()}::timestamptz FROM (${source}) AS source`);
}

/** Stops metering the subjects at `at`; a subject not metered (a replica that never ran) is no error. */
export async function stopMeters(tx: Db, subjects: MeteredSubject[], at = new Date()) {
  if (subjects.length === 0) return;
  const keys = subjects.map((subject) => sql`${subjectKey(subject)}`);
  await tx.execute(sql`
    UPDATE usage_meters SET ended_at = GREATEST(started_at, ${at.toISOString()}::timestamptz)
    WHERE ended_at IS NULL AND subject_key IN (${sql.join(keys, sql`, `)})`);
}
