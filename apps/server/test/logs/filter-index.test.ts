import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { findLines } from '../../src/modules/logs/store.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

// The log filter's trigram index (migration 0013) where pg_trgm is available, and a database migrated where
// it is not: the migrations still apply and the filter still finds its lines, without the index.

const migrationsDir = path.resolve(import.meta.dirname, '../../src/db/migrations');

const trigramIndexes = (db: Db) =>
  queryRows<{ indexdef: string }>(
    db,
    sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'log_lines' AND indexdef LIKE '%gin_trgm_ops%'`,
  );

/** Writes lines of replica 1 (web-abcde of container 1) as the runtime does. */
const write = (db: Db, lines: string[]) =>
  db.insert(schema.logLines).values(
    lines.map((line) => ({
      sourceKind: 'replica',
      sourceId: 1,
      containerId: 1,
      replica: 'web-abcde',
      stream: 'stdout',
      line,
    })),
  );

/** The lines of container 1 the filter finds, oldest first. */
async function matching(db: Db, filter: string) {
  const found = await findLines(
    db,
    { kind: 'container', containerId: 1 },
    { limit: 10, order: 'OLDEST_FIRST', filter },
  );
  return found.map((line) => line.line);
}

describe('with pg_trgm (PGlite loads it; the PostgreSQL server of the suite has it)', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir });
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });

  it('indexes the lower-cased lines by trigram', async () => {
    expect((await trigramIndexes(database.db)).map((row) => row.indexdef)).toEqual([
      expect.stringMatching(/USING gin \(lower\(line\) (\w+\.)?gin_trgm_ops\)$/),
    ]);
  });

  it("serves the filter's condition, whose matches it only narrows down", async () => {
    await database.db.transaction(async (tx) => {
      // A handful of lines is read faster without the index: the planner is told to use it.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN SELECT id FROM log_lines WHERE lower(line) LIKE lower(${'%k 100\\% FU%'})`,
      );
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('log_lines_line_trgm_idx');
      const db = tx as unknown as Db;
      await write(db, ['Disk 100% FULL', 'disk 1000 full', 'disk 10% fuller', 'ok']);
      expect(await matching(db, 'k 100% FU')).toEqual(['Disk 100% FULL']);
      expect(await matching(db, '0% f')).toEqual(['Disk 100% FULL', 'disk 10% fuller']);
    });
  });
});

describe('without pg_trgm', () => {
  let client: PGlite;
  beforeAll(async () => {
    // PGlite with no extension loaded answers CREATE EXTENSION pg_trgm as a server without it does.
    client = await PGlite.create();
    for (const file of (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort())
      await client.exec(await readFile(path.join(migrationsDir, file), 'utf8'));
  }, 60_000);
  afterAll(() => client.close());

  it('migrates without the index, and the filter still finds its lines', async () => {
    const db = drizzle({ client, schema }) as unknown as Db;
    expect(await trigramIndexes(db)).toEqual([]);
    await write(db, ['Disk 100% FULL', 'disk 1000 full', 'ok']);
    expect(await matching(db, '0% f')).toEqual(['Disk 100% FULL']);
  });
});
