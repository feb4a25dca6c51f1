import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { logLines } from '../../db/schema.ts';
import { queryRows, type Db } from '../../db/client.ts';

// Log lines as the runtime reports them (table log_lines): source_kind 'replica' (source_id: the replica, with
// its container and name kept on the line, 0029) or 'job-run' (source_id: the run), stream 'stdout' or
// 'stderr'. This module writes what the runtime reports, reads them for the console-logs API, keeps them
// bounded and removes them with their container or run. A container's lines outlive its replicas: the lines
// of a stopped or replaced replica stay until the container's retention drops them.

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

/** Whose lines: a container's (of these replicas by name, or of every replica it had), or one run's. */
export type LineSource =
  | { kind: 'container'; containerId: number; replicas?: string[] }
  | { kind: 'job-run'; runId: number; run: string };

export interface LineQuery {
  /** Only lines written at or after this time. */
  since?: Date;
  /** Only lines written before this time. */
  until?: Date;
  limit: number;
  filter?: string;
  order: 'NEWEST_FIRST' | 'OLDEST_FIRST';
  /** Only lines after this one (a tail's catch-up). */
  afterId?: number;
}

/**
 * How long lines are kept, and how much: a container's newest lines up to `perContainerBytes` whichever
 * replicas wrote them, a run's newest `perRun`; none older than `days`. Applied by the periodic clean-up
 * (pruneLogLines).
 */
export const RETENTION = { perContainerBytes: 5 * 1024 * 1024, perRun: 2000, days: 7 };

interface LineRow {
  id: string | number;
  occurred_at: Date | string;
  stream: string;
  line: string;
  replica: string | null;
}

function view(row: LineRow, run: string | null): LogLineView {
  return {
    id: Number(row.id),
    occurredAt: new Date(row.occurred_at),
    stream: row.stream === 'stderr' ? 'STDERR' : 'STDOUT',
    line: row.line,
    replica: run === null ? row.replica : null,
    run,
  };
}

/**
 * Lower case one character at a time, as PostgreSQL's lower() does (each character to one character):
 * JavaScript's toLowerCase() maps some to two ("İ" to "i" and a combining dot), where lower() gives "i", so
 * a live tail's filter would disagree with the same filter read from the table.
 */
const lowerEachCharacter = (text: string) =>
  Array.from(text, (character) => String.fromCodePoint(character.toLowerCase().codePointAt(0) ?? 0)).join('');

/** Case-insensitive substring as the table's filter finds it, without LIKE's wildcards to escape. */
export const containsText = (filter: string) => {
  const wanted = lowerEachCharacter(filter);
  return (line: string) => lowerEachCharacter(line).includes(wanted);
};

/**
 * The LIKE pattern of lines containing `text`, its wildcards and escape character (LIKE's default, the
 * backslash) taken literally. A LIKE rather than strpos(): the trigram index of lower(line) (migration 0013)
 * serves LIKE and not strpos.
 */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const listOf = (values: (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

function sourceConditions(source: LineSource): SQL[] {
  if (source.kind === 'job-run') return [sql`source_kind = 'job-run'`, sql`source_id = ${source.runId}`];
  return [
    sql`source_kind = 'replica'`,
    sql`container_id = ${source.containerId}`,
    ...(source.replicas ? [sql`replica IN (${listOf(source.replicas)})`] : []),
  ];
}

/** The lines of the source that match the query, in its order (by id: the order they were written). */
export async function findLines(db: Db, source: LineSource, query: LineQuery): Promise<LogLineView[]> {
  if (source.kind === 'container' && source.replicas?.length === 0) return [];
  const conditions = sourceConditions(source);
  if (query.since) conditions.push(sql`occurred_at >= ${query.since.toISOString()}`);
  if (query.until) conditions.push(sql`occurred_at < ${query.until.toISOString()}`);
  if (query.afterId !== undefined) conditions.push(sql`id > ${query.afterId}`);
  if (query.filter) conditions.push(sql`lower(line) LIKE lower(${containsPattern(query.filter)})`);
  const direction = query.order === 'NEWEST_FIRST' ? sql`DESC` : sql`ASC`;
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT id, occurred_at, stream, line, replica FROM log_lines
        WHERE ${sql.join(conditions, sql` AND `)} ORDER BY id ${direction} LIMIT ${query.limit}`,
  );
  return rows.map((row) => view(row, source.kind === 'job-run' ? source.run : null));
}

/** Whether a replica of this name (running or long gone) has lines of the container kept. */
export async function replicaHasLines(db: Db, containerId: number, replica: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM log_lines
        WHERE source_kind = 'replica' AND container_id = ${containerId} AND replica = ${replica} LIMIT 1`,
  );
  return rows.length > 0;
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
  const missed = ids.length ? sql` OR l.id IN (${listOf(ids)})` : sql``;
  const rows = await queryRows<
    LineRow & { source_kind: SourceKind; source_id: number; container_id: number | null; run: string | null }
  >(
    db,
    sql`SELECT l.id, l.source_kind, l.source_id, l.occurred_at, l.stream, l.line, l.container_id, l.replica,
               j.name AS run
        FROM log_lines l
        LEFT JOIN container_job_runs j ON l.source_kind = 'job-run' AND j.id = l.source_id
        WHERE l.id > ${afterId}${missed}
        ORDER BY l.id LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    view: view(row, row.source_kind === 'job-run' ? row.run : null),
    kind: row.source_kind,
    containerId: row.container_id,
    sourceId: row.source_id,
  }));
}

/**
 * Keeps log lines bounded (RETENTION): a container's newest lines up to its byte budget, a run's newest
 * lines, none older than the age limit. Run now and then (it reads the whole table), not on every write.
 * Returns how many lines it deleted.
 */
export async function pruneLogLines(db: Db, now = new Date()): Promise<number> {
  const oldest = new Date(now.getTime() - RETENTION.days * 24 * 3600_000).toISOString();
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`WITH gone AS (DELETE FROM log_lines WHERE occurred_at < ${oldest} OR id IN (
          SELECT id FROM (
            SELECT id, source_kind,
                   row_number() OVER (PARTITION BY source_id ORDER BY id DESC) AS age,
                   0::bigint AS bytes_after
            FROM log_lines WHERE source_kind = 'job-run'
            UNION ALL
            SELECT id, source_kind, 0 AS age,
                   sum(octet_length(line)) OVER (PARTITION BY container_id ORDER BY id DESC) AS bytes_after
            FROM log_lines WHERE source_kind = 'replica'
          ) AS ranked
          WHERE age > ${RETENTION.perRun}::int OR bytes_after > ${RETENTION.perContainerBytes}::bigint
        ) RETURNING 1)
        SELECT count(*)::int AS count FROM gone`,
  );
  return row?.count ?? 0;
}

/** Who wrote lines: a replica (with its container and name, kept on each line so it outlives it) or a run. */
export type WritingSource =
  { kind: 'replica'; id: number; containerId: number; replica: string } | { kind: 'job-run'; id: number };

/** Appends lines of one source and stream (each at its own time if it has one, else now). */
export async function appendLogLines(
  db: Db,
  source: WritingSource,
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
      ...(source.kind === 'replica' ? { containerId: source.containerId, replica: source.replica } : {}),
    })),
  );
}

/** Lines a source recorded last: those of its newest line's instant, newest first (at most `limit`). */
async function newestLines(db: Db, source: { kind: SourceKind; id: number }, limit: number) {
  const rows = await queryRows<{ occurred_at: Date | string; line: string }>(
    db,
    sql`SELECT occurred_at, line FROM log_lines
        WHERE source_kind = ${source.kind} AND source_id = ${source.id} ORDER BY id DESC LIMIT ${limit}`,
  );
  const lines = rows.map((row) => ({ at: new Date(row.occurred_at), text: row.line }));
  const newest = lines[0]?.at.getTime();
  return lines.filter((line) => line.at.getTime() === newest);
}

/** When the source's newest line was written (undefined before its first). */
export async function lastLineAt(
  db: Db,
  source: { kind: SourceKind; id: number },
): Promise<Date | undefined> {
  return (await newestLines(db, source, 1))[0]?.at;
}

/**
 * Appends the lines of a log read again from some instant on (a followed pod log resumed, or read by another
 * process too), leaving out those recorded already: lines before the source's newest, and lines of that same
 * instant whose text it holds. Lines come in the order they were written, so the newest line (by id) is the
 * latest instant recorded. Sources are written one transaction at a time (an advisory lock until commit).
 */
export async function appendUnrecordedLogLines(
  db: Db,
  source: WritingSource,
  stream: 'stdout' | 'stderr',
  lines: { text: string; at: Date }[],
) {
  if (lines.length === 0) return;
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${source.kind}:${source.id}`}, 7340029))`,
  );
  const recorded = await newestLines(db, source, 500);
  const newest = recorded[0]?.at.getTime() ?? -Infinity;
  // Texts of the newest instant not yet matched: a line repeated within that instant is kept once per time seen.
  const sameInstant = recorded.map((line) => line.text);
  const unrecorded = lines.filter((line) => {
    const at = line.at.getTime();
    if (at !== newest) return at > newest;
    const index = sameInstant.indexOf(line.text);
    if (index < 0) return true;
    sameInstant.splice(index, 1);
    return false;
  });
  await appendLogLines(db, source, stream, unrecorded);
}

/** Removes every line of a container (it is gone). */
export async function deleteContainerLogLines(db: Db, containerId: number) {
  await db
    .delete(logLines)
    .where(and(eq(logLines.sourceKind, 'replica'), eq(logLines.containerId, containerId)));
}

/** Removes every line of the runs (gone with their job, or aged out). */
export async function deleteRunLogLines(db: Db, runIds: number[]) {
  if (runIds.length === 0) return;
  await db
    .delete(logLines)
    .where(and(eq(logLines.sourceKind, 'job-run'), inArray(logLines.sourceId, runIds)));
}
