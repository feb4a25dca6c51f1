import type pg from 'pg';
import type { ClusterAdvisory, ClusterSize, ClusterState } from '../database-cluster-driver.ts';

// The advisor's reading of a PostgreSQL server, shared by the drivers that can connect to a cluster's
// databases (postgres: the shared server, as the admin URL's role; kubernetes: the cluster's own server, as
// its superuser). It only reads: the statistics of each database's tables (pg_stat_user_tables) and the
// server's settings (pg_settings), judged by the thresholds below.

/**
 * A table seems to lack an index when it is large and read mostly by sequential scans that each read many
 * rows. The counters are PostgreSQL's, since its statistics were last reset (usually the server's start).
 */
export const MISSING_INDEX_THRESHOLDS = {
  /** Large: at least this many rows (live rows, or the planner's estimate when higher)... */
  minRows: 10_000,
  /** ...or at least this much table data (8 MiB: 1,024 pages), whatever its number of rows. */
  minBytes: 8 * 1024 * 1024,
  /** Read by at least this many sequential scans: one-off reports and dumps stay below it. */
  minSequentialScans: 10,
  /** Reading at least this many rows a scan on average: scans cut short by a LIMIT need no index. */
  minRowsPerScan: 1_000,
  // And "mostly": more sequential scans than index scans.
} as const;

/**
 * A setting does not fit the plan when:
 * - shared_buffers is under 15% or over 40% of the plan's memory (about 25% is PostgreSQL's own advice);
 * - max_connections is above what the plan affords: each connection's process takes about 10 MiB before
 *   any query memory, and connections may take at most half the memory (the rest: shared_buffers, the
 *   operating system's cache);
 * - work_mem × max_connections (every connection sorting or hashing at once) exceeds the memory left
 *   beside shared_buffers.
 */
export const SETTING_THRESHOLDS = {
  sharedBuffersShare: 0.25,
  sharedBuffersLow: 0.15,
  sharedBuffersHigh: 0.4,
  connectionBytes: 10 * 1024 * 1024,
  connectionsShare: 0.5,
} as const;

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

export interface TableStatistics {
  schema: string;
  table: string;
  rows: number;
  bytes: number;
  sequentialScans: number;
  sequentialRowsRead: number;
  indexScans: number;
}

export interface ServerSettings {
  sharedBuffersBytes: number;
  workMemBytes: number;
  maxConnections: number;
}

/**
 * Whose settings the cluster's are: `shared`, a server other clusters use too (the postgres driver's); `own`,
 * a server of the cluster's own that the platform configures (CloudNativePG's).
 */
export type SettingScope = 'shared' | 'own';

const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** Bytes as PostgreSQL writes sizes (1024-based): 128 MB, 1.5 GB. */
export function formatSize(bytes: number): string {
  if (bytes >= GIB) return `${Number((bytes / GIB).toFixed(1))} GB`;
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MB`;
  return `${Math.round(bytes / 1024)} kB`;
}

/** The tables of the connected database that have been scanned sequentially often enough to judge. */
export async function readTableStatistics(client: pg.ClientBase): Promise<TableStatistics[]> {
  const { rows } = await client.query<TableStatistics>(
    `SELECT s.schemaname AS schema, s.relname AS "table",
            greatest(s.n_live_tup, c.reltuples, 0)::float8 AS rows,
            pg_table_size(s.relid)::float8 AS bytes,
            s.seq_scan::float8 AS "sequentialScans",
            s.seq_tup_read::float8 AS "sequentialRowsRead",
            coalesce(s.idx_scan, 0)::float8 AS "indexScans"
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.seq_scan >= $1
     ORDER BY s.schemaname, s.relname`,
    [MISSING_INDEX_THRESHOLDS.minSequentialScans],
  );
  return rows;
}

/** The tables of one database that seem to lack an index (MISSING_INDEX_THRESHOLDS), with what shows it. */
export function missingIndexes(databaseName: string, tables: TableStatistics[]): ClusterAdvisory[] {
  const limits = MISSING_INDEX_THRESHOLDS;
  return tables
    .filter(
      (table) =>
        (table.rows >= limits.minRows || table.bytes >= limits.minBytes) &&
        table.sequentialScans >= limits.minSequentialScans &&
        table.sequentialScans > table.indexScans &&
        table.sequentialRowsRead / table.sequentialScans >= limits.minRowsPerScan,
    )
    .map((table) => {
      const name = `${table.schema}.${table.table}`;
      return {
        type: 'MissingIndex' as const,
        identifier: `missing-index:${databaseName}.${name}`,
        databaseName,
        message:
          `Table ${name} in database ${databaseName} (${count(table.rows)} rows, ${formatSize(table.bytes)}) was ` +
          `read by ${count(table.sequentialScans)} sequential scans (${count(table.sequentialRowsRead)} rows, ` +
          `${count(table.sequentialRowsRead / table.sequentialScans)} a scan) and ${count(table.indexScans)} ` +
          `index scans since its statistics were last reset. An index on the columns its frequent queries ` +
          `filter, join or sort on would let them read only the rows they need: find those columns with ` +
          `EXPLAIN (or pg_stat_statements), then CREATE INDEX CONCURRENTLY ON ${name} (...).`,
      };
    });
}

/** A setting's value in bytes (or as a plain number), from pg_settings' setting and unit. */
function settingValue(setting: string, unit: string | null): number {
  const units: Record<string, number> = { B: 1, kB: 1024, '8kB': 8192, MB: MIB, GB: GIB };
  return Number(setting) * (unit ? (units[unit] ?? 1) : 1);
}

/** The settings the advisor judges, as the connected session sees them. */
export async function readSettings(client: pg.ClientBase): Promise<ServerSettings> {
  const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'max_connections')`,
  );
  const value = (name: string) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`the server has no setting ${name}`);
    return settingValue(row.setting, row.unit);
  };
  return {
    sharedBuffersBytes: value('shared_buffers'),
    workMemBytes: value('work_mem'),
    maxConnections: value('max_connections'),
  };
}

/** What the message says of whose setting it is. */
const whose: Record<SettingScope, string> = {
  shared:
    ' This cluster has its databases on a PostgreSQL server shared with other clusters: this is that ' +
    "server's setting, the same for all of them and chosen by the platform's operator, not sized for this " +
    "cluster's plan.",
  own: " The platform sets it on the cluster's server; ask support to change it if it fits your workload.",
};

/** The settings that do not fit the plan's memory or connections (SETTING_THRESHOLDS). */
export function settingAdvisories(
  settings: ServerSettings,
  plan: Pick<ClusterSize, 'memoryGb'>,
  scope: SettingScope,
): ClusterAdvisory[] {
  const limits = SETTING_THRESHOLDS;
  const memory = plan.memoryGb * GIB;
  const planMemory = `the ${formatSize(memory)} of memory of the cluster's plan`;
  const found: ClusterAdvisory[] = [];
  const suggest = (name: string, message: string) =>
    found.push({ type: 'SettingSuggestion', identifier: `setting:${name}`, message: message + whose[scope] });

  const buffers = settings.sharedBuffersBytes;
  const share = buffers / memory;
  const advised = formatSize(Math.floor((memory * limits.sharedBuffersShare) / MIB) * MIB);
  if (share < limits.sharedBuffersLow) {
    suggest(
      'shared_buffers',
      `shared_buffers is ${formatSize(buffers)}, ${Math.round(share * 100)}% of ${planMemory}: about 25% ` +
        `(${advised}) would keep more of the data in memory and spare reads from disk.`,
    );
  } else if (share > limits.sharedBuffersHigh) {
    suggest(
      'shared_buffers',
      `shared_buffers is ${formatSize(buffers)}, ${Math.round(share * 100)}% of ${planMemory}: above 40% leaves ` +
        `too little for connections, their work_mem and the operating system's cache; about 25% (${advised}) fits.`,
    );
  }

  const affordable = Math.floor((memory * limits.connectionsShare) / limits.connectionBytes);
  if (settings.maxConnections > affordable) {
    suggest(
      'max_connections',
      `max_connections is ${count(settings.maxConnections)}, more than the ${count(affordable)} connections ` +
        `${planMemory} affords (about ${formatSize(limits.connectionBytes)} each, within half of it): lower it to ` +
        `${count(affordable)} and put a connection pooler (PgBouncer) before the cluster if clients need more.`,
    );
  }

  const left = memory - Math.min(buffers, memory);
  const worst = settings.workMemBytes * settings.maxConnections;
  if (worst > left) {
    const fitting = Math.max(1, Math.floor(left / settings.maxConnections / MIB));
    suggest(
      'work_mem',
      `work_mem is ${formatSize(settings.workMemBytes)}: with max_connections ${count(settings.maxConnections)}, ` +
        `queries may ask for ${formatSize(worst)} at once (a sort or hash each), more than the ${formatSize(left)} ` +
        `${planMemory} leaves beside shared_buffers; lower work_mem to ${fitting} MB, or max_connections.`,
    );
  }
  return found;
}

/**
 * The whole analysis of a PostgreSQL cluster: the tables of each of its databases, then the settings.
 * `inDatabase` connects to one of the cluster's databases (by the customer's name) or, given null, to any
 * database of its server (for the settings of a cluster without databases).
 */
export async function advisePostgres(
  cluster: ClusterState,
  scope: SettingScope,
  inDatabase: <T>(database: string | null, work: (client: pg.ClientBase) => Promise<T>) => Promise<T>,
): Promise<ClusterAdvisory[]> {
  // Databases being created or dropped are not there to read (an analysis runs on a settled cluster).
  const databases = cluster.databases.filter((database) => database.status === 'ready');
  const found: ClusterAdvisory[] = [];
  for (const database of databases) {
    found.push(...missingIndexes(database.name, await inDatabase(database.name, readTableStatistics)));
  }
  const settings = await inDatabase(databases[0]?.name ?? null, readSettings);
  return [...found, ...settingAdvisories(settings, cluster.size, scope)];
}
