import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { DatabaseUnavailable } from './availability.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations). */
  runScript(script: string): Promise<void>;
  /** Runs fn while holding a PostgreSQL advisory lock, so concurrent processes take turns. */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (its metrics); undefined for PGlite, one in-process connection. */
  poolConnections(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

/** Rows of a raw SQL statement (both drivers answer with `rows`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Called once per SQL statement; benchmarks count statements with it. */
  onQuery?: (query: string) => void;
  /** Told each statement's duration and whether it succeeded (the server's metrics). */
  observeQuery?: ObserveQuery;
}

type ObserveQuery = (seconds: number, ok: boolean) => void;

/**
 * Times every statement `target.query` runs. A call that returns no promise (a pg Submittable, such as a
 * cursor) passes through untimed.
 */
function timeQueries(target: { query: (...args: never[]) => unknown }, observe: ObserveQuery): void {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = (...args: unknown[]) => {
    const started = performance.now();
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    const seconds = () => (performance.now() - started) / 1000;
    return result.then(
      (value: unknown) => {
        observe(seconds(), true);
        return value;
      },
      (error: unknown) => {
        observe(seconds(), false);
        throw error;
      },
    );
  };
}

const migrationsDir = path.join(import.meta.dirname, 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (query: string) => options.onQuery?.(query) } : undefined;
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, logger, options.observeQuery)
    : await openPglite(options.dataDir, logger, options.observeQuery);
  await migrate(database);
  return database;
}

type Logger = { logQuery: (query: string) => void } | undefined;

function openPostgres(url: string, logger: Logger, observeQuery?: ObserveQuery): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A client losing its connection (server restart, failover) must not crash the process: the statement
  // in flight fails (503 to its caller) and the pool connects afresh for the next one. Idle clients report
  // on the pool, checked-out ones (transactions, advisory locks) on themselves.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // The pool's own queries run on its clients too: each statement is timed once, here.
    if (observeQuery) timeQueries(client, observeQuery);
  });
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async runScript(script) {
      await pool.query(script);
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      if (pool.ending || pool.ended) throw new DatabaseUnavailable('closed');
      await pool.query('SELECT 1');
    },
    poolConnections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, logger: Logger, observeQuery?: ObserveQuery): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  // pg_trgm: the trigram index of the log filter (migration 0013). Loaded on every open, as the index
  // needs it once created.
  const client = await PGlite.create(path.resolve(dataDir), { extensions: { pg_trgm } });
  if (observeQuery) {
    timeQueries(client, observeQuery);
    // A transaction's statements go through the transaction's own `query`.
    const transaction = client.transaction.bind(client);
    client.transaction = (callback) =>
      transaction((tx) => {
        timeQueries(tx, observeQuery);
        return callback(tx);
      });
  }
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async runScript(script) {
      await client.exec(script);
    },
    // PGlite is one in-process connection: there is no other process to take turns with.
    withAdvisoryLock: (_key, fn) => fn(),
    async ping() {
      if (closed) throw new DatabaseUnavailable('closed');
      await client.query('SELECT 1');
    },
    poolConnections: () => undefined,
    async close() {
      closed = true;
      await client.close();
    },
  };
}

const MIGRATION_LOCK = 7_340_001;

/** Applies the SQL files of db/migrations that this database has not seen yet, in name order. */
async function migrate(database: Database): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK, async () => {
    await database.runScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations`);
    const done = new Set(applied.map((row) => row.name));
    const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
    for (const file of files.filter((name) => !done.has(name))) {
      const script = await readFile(path.join(migrationsDir, file), 'utf8');
      const name = file.replaceAll("'", "''");
      await database.runScript(
        `BEGIN;\n${script}\nINSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
      );
    }
  });
}
