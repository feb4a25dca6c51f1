import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// What the runtime reports becomes usage here: a span opens when something billable starts (a replica runs,
// a run starts, a volume is provided at a size) and closes when it stops. Whatever the driver, the runtime
// reports through these two calls, in the transaction that records the report.

export type MeteredSubject = { kind: 'replica' | 'run' | 'volume'; id: number };

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
