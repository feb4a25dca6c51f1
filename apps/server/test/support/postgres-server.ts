import pg from 'pg';
import { describe, it } from 'vitest';

// The PostgreSQL server the database-cluster driver tests make clusters on: CI's (DATABASE_URL), else the
// local one. Without one, those tests skip.

export const postgresServerUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresServerReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresServerUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A suite that needs something this machine may not have (a PostgreSQL server, DATABASE_URL): it runs when
 * `missing` is undefined; otherwise it is registered as one skipped test under its title saying what is
 * missing, so the report names every suite that did not run and why.
 */
export function describeNeeding(missing: string | undefined, title: string, suite: () => void) {
  if (missing === undefined) describe(title, suite);
  else describe(`${title} (skipped)`, () => it.skip(`needs ${missing}`, () => undefined));
}

/** Why a suite needing the tests' database on PostgreSQL (DATABASE_URL) cannot run; undefined when it can. */
export const withoutDatabaseUrl = process.env.DATABASE_URL
  ? undefined
  : 'DATABASE_URL (the tests on PostgreSQL): processes cannot share a PGlite database, which lives inside one';

/** Why a suite needing a PostgreSQL server cannot run; undefined when one answers. */
export const withoutPostgresServer = async () =>
  (await postgresServerReachable())
    ? undefined
    : `DATABASE_URL or a PostgreSQL server at 127.0.0.1:5432 (user postgres); none answered at ${new URL(postgresServerUrl).host}`;
