import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { logLines } from '../../db/schema.ts';
import { queryRows, type Db } from '../../db/client.ts';

// Log lines as the runtime reports them (table log_lines): source_kind 'replica' (source_id: the replica) or
// 'job-run' (source_id: the run), stream 'stdout' or 'stderr'. This module writes what the runtime reports,
// reads them for the console-logs API, keeps them bounded and removes them with their replica or run.

export type SourceKind = 'replica' | 'job-run';

/** A line as the API shows it, with the name of the replica or run that wrote it. */
export interface LogLineView {
  id: number;
  occurredAt: Date;
  stream: 'STDOUT' | 'STDERR';
  line: string;
  replica: string | null;
  run: string | null;
}

/** Lines of these sources (one kind), each source with its name. */
export interface LogSources {
  kind: SourceKind;
  /** Source id → the replica's or run's name. */
  names: Map<number, string>;
}

export interface LineQuery {
  since?: Date;
  limit: number;
  filter?: string;
  order: 'NEWEST_FIRST' | 'OLDEST_FIRST';
  /** Only lines after this one (a tail's catch-up). */
  afterId?: number;
}

/** Lines kept per replica and per run, and for how long, by the periodic clean-up (pruneLogLines). */
export const RETENTION = { perReplica: 500, perRun: 2000, days: 7 };

interface LineRow {
  id: string | number;
  source_id: number;
  occurred_at: Date | string;
  stream: string;
  line: string;
}

function view(row: LineRow, sources: LogSources): LogLineView {
  const name = sources.names.get(row.source_id) ?? null;
  return {
    id: Number(row.id),
    occurredAt: new Date(row.occurred_at),
    stream: row.stream === 'stderr' ? 'STDERR' : 'STDOUT',
    line: row.line,
    replica: sources.kind === 'replica' ? name : null,
    run: sources.kind === 'job-run' ? name : null,
  };
}

/** Case-insensitive substring, without LIKE's wildcards to escape. */
export const containsText = (filter: string) => (line: string) =>
  line.toLowerCase().includes(filter.toLowerCase());

/**
 * The LIKE pattern of lines containing `text`, its wildcards and escape character (LIKE's default, the
 * backslash) taken literally. A LIKE rather than strpos(): the trigram index of lower(line) (migration 0013)
 * serves LIKE and not strpos.
 */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The lines of the sources that match the query, in its order (by id: the order they were written). */
export async function findLines(db: Db, sources: LogSources, query: LineQuery): Promise<LogLineView[]> {
  const ids = [...sources.names.keys()];
  if (ids.length === 0) return [];
  const conditions: SQL[] = [
    sql`source_kind = ${sources.kind}`,
    sql`source_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  ];
  if (query.since) conditions.push(sql`occurred_at >= ${query.since.toISOString()}`);
  if (query.afterId !== undefined) conditions.push(sql`id > ${query.afterId}`);
  if (query.filter) conditions.push(sql`lower(line) LIKE lower(${containsPattern(query.filter)})`);
  const direction = query.order === 'NEWEST_FIRST' ? sql`DESC` : sql`ASC`;
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT id, source_id, occurred_at, stream, line FROM log_lines
        WHERE ${sql.join(conditions, sql` AND `)} ORDER BY id ${direction} LIMIT ${query.limit}`,
  );
  return rows.map((row) => view(row, sources));
}

/** A line written anywhere, with what a tail matches it on (its replica or run may be gone already). */
export interface WrittenLine {
  view: LogLineView;
  kind: SourceKind;
  /** The replica's container, for tails of a whole container. */
  containerId: number | null;
  sourceId: number;
}

/** The newest line's id (0 when there is none): where a tail starts. */
export async function lastLineId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(db, sql`SELECT max(id) AS id FROM log_lines`);
  return Number(row?.id ?? 0);
}

/**
 * Lines written after `afterId`, and the lines of `ids` (earlier ids not seen yet), oldest first, at most
 * `limit`, with the replica's container and the replica's or run's name.
 */
export async function linesWrittenAfter(
  db: Db,
  afterId: number,
  ids: number[],
  limit: number,
): Promise<WrittenLine[]> {
  const missed = ids.length
    ? sql` OR l.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<
    LineRow & { source_kind: SourceKind; container_id: number | null; name: string | null }
  >(
    db,
    sql`SELECT l.id, l.source_kind, l.source_id, l.occurred_at, l.stream, l.line, r.container_id,
               coalesce(r.name, j.name) AS name
        FROM log_lines l
        LEFT JOIN container_replicas r ON l.source_kind = 'replica' AND r.id = l.source_id
        LEFT JOIN container_job_runs j ON l.source_kind = 'job-run' AND j.id = l.source_id
        WHERE l.id > ${afterId}${missed}
        ORDER BY l.id LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    view: view(row, {
      kind: row.source_kind,
      names: new Map(row.name === null ? [] : [[row.source_id, row.name]]),
    }),
    kind: row.source_kind,
    containerId: row.container_id,
    sourceId: row.source_id,
  }));
}

/**
 * Keeps log lines bounded: the newest RETENTION.perReplica of each replica and perRun of each run, none
 * older than RETENTION.days. Run now and then (it reads the whole table), not on every write.
 * Returns how many lines it deleted.
 */
export async function pruneLogLines(db: Db, now = new Date()): Promise<number> {
  const oldest = new Date(now.getTime() - RETENTION.days * 24 * 3600_000).toISOString();
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`WITH gone AS (DELETE FROM log_lines WHERE occurred_at < ${oldest} OR id IN (
          SELECT id FROM (
            SELECT id, source_kind,
                   row_number() OVER (PARTITION BY source_kind, source_id ORDER BY id DESC) AS age
            FROM log_lines
          ) AS ranked
          WHERE age > CASE source_kind WHEN 'replica' THEN ${RETENTION.perReplica}::int ELSE ${RETENTION.perRun}::int END
        ) RETURNING 1)
        SELECT count(*)::int AS count FROM gone`,
  );
  return row?.count ?? 0;
}

/** Appends lines of one source and stream (each at its own time if it has one, else now). */
export async function appendLogLines(
  db: Db,
  source: { kind: SourceKind; id: number },
  stream: 'stdout' | 'stderr',
  lines: { text: string; at?: Date }[],
) {
  if (lines.length === 0) return;
  await db.insert(logLines).values(
    lines.map((line) => ({
      sourceKind: source.kind,
      sourceId: source.id,
      stream,
      line: line.text,
      ...(line.at ? { occurredAt: line.at } : {}),
    })),
  );
}

/** Removes every line of the sources (replicas or runs that are gone). */
export async function deleteLogLinesOf(db: Db, kind: SourceKind, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(logLines).where(and(eq(logLines.sourceKind, kind), inArray(logLines.sourceId, ids)));
}
