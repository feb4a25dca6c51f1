import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
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
  /** Traces the statements run inside a traced operation (a request), one span each; without it, none. */
  tracer?: Tracer;
}

type ObserveQuery = (seconds: number, ok: boolean) => void;

/** What is told of every statement: the metrics and the traces. */
interface QueryHooks {
  observe?: ObserveQuery;
  tracer?: Tracer;
}

/** The text of a statement as pg and PGlite take it (a string, or pg's `{text, values}`): never its values. */
function statementText(statement: unknown): string | undefined {
  if (typeof statement === 'string') return statement;
  const text = (statement as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * A span for a statement run inside a traced operation. Only then: the background loops' polling would
 * otherwise be a trace of its own per statement. It says the statement, whose values are parameters (SQL is
 * built by drizzle), and on failure the SQLSTATE, not the database's message, which may quote a value.
 */
function statementSpan(tracer: Tracer | undefined, statement: unknown, startTime: number) {
  const text = statementText(statement);
  if (!tracer || text === undefined || !trace.getActiveSpan()) return undefined;
  const operation = /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
  const span = tracer.startSpan(operation, {
    kind: SpanKind.CLIENT,
    startTime,
    attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text },
  });
  return (error?: unknown) => {
    if (error !== undefined) {
      const sqlState = (error as { code?: unknown }).code;
      const type = typeof sqlState === 'string' ? sqlState : (error as Error).name;
      span.setAttributes({
        'error.type': type,
        ...(typeof sqlState === 'string' ? { 'db.response.status_code': sqlState } : {}),
      });
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
}

/**
 * Times (and traces) every statement `target.query` runs. A call that returns no promise (one with a callback,
 * a pg Submittable such as a cursor) passes through untimed.
 */
function timeQueries(
  target: { query: (...args: never[]) => unknown },
  { observe, tracer }: QueryHooks,
): void {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = (...args: unknown[]) => {
    const started = performance.now();
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    const seconds = () => (performance.now() - started) / 1000;
    const ended = statementSpan(tracer, args[0], performance.timeOrigin + started);
    return result.then(
      (value: unknown) => {
        observe?.(seconds(), true);
        ended?.();
        return value;
      },
      (error: unknown) => {
        observe?.(seconds(), false);
        ended?.(error);
        throw error;
      },
    );
  };
}

const migrationsDir = path.join(import.meta.dirname, 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (query: string) => options.onQuery?.(query) } : undefined;
  const hooks: QueryHooks = { observe: options.observeQuery, tracer: options.tracer };
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, logger, hooks)
    : await openPglite(options.dataDir, logger, hooks);
  await migrate(database);
  return database;
}

type Logger = { logQuery: (query: string) => void } | undefined;

function openPostgres(url: string, logger: Logger, hooks: QueryHooks): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A client losing its connection (server restart, failover) must not crash the process: the statement
  // in flight fails (503 to its caller) and the pool connects afresh for the next one. Idle clients report
  // on the pool, checked-out ones (transactions, advisory locks) on themselves.
  pool.on('error', () => undefined);
  // Each statement is timed once, where it is called: on the pool (drizzle outside transactions), whose
  // statements reach a client with a callback and so pass the client's timing untimed, or on a client taken
  // from it (transactions, advisory locks). On the pool, not inside it: the pool may hand a waiting statement
  // its client from within another request's release, which would make it that request's span.
  if (hooks.observe || hooks.tracer) timeQueries(pool, hooks);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (hooks.observe || hooks.tracer) timeQueries(client, hooks);
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

async function openPglite(dataDir: string, logger: Logger, hooks: QueryHooks): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  // pg_trgm: the trigram index of the log filter (migration 0013). Loaded on every open, as the index
  // needs it once created.
  const client = await PGlite.create(path.resolve(dataDir), { extensions: { pg_trgm } });
  if (hooks.observe || hooks.tracer) {
    timeQueries(client, hooks);
    // A transaction's statements go through the transaction's own `query`.
    const transaction = client.transaction.bind(client);
    client.transaction = (callback) =>
      transaction((tx) => {
        timeQueries(tx, hooks);
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
