import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

// db/schema.ts describes the tables the SQL migrations create; queries are typed by it. Any drift (a
// column added in SQL but not in TypeScript, a type or nullability that differs) fails here.

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

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
}

/** Drizzle's SQL type names as information_schema spells them. */
function normalType(type: string): string {
  const aliases: Record<string, string> = {
    serial: 'integer',
    bigserial: 'bigint',
    'timestamp with time zone': 'timestamp with time zone',
    'text[]': 'ARRAY',
    'integer[]': 'ARRAY',
  };
  return aliases[type] ?? type;
}

function declaredColumns(): Column[] {
  const tables: unknown[] = Object.values(schema);
  return tables
    .filter((value): value is PgTable => value instanceof PgTable)
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.map((column) => ({
        table: config.name,
        column: column.name,
        type: normalType(column.getSQLType()),
        nullable: !column.notNull,
      }));
    });
}

async function migratedColumns(): Promise<Column[]> {
  const rows = await queryRows<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
  }>(
    database.db,
    sql`SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`,
  );
  return rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    type: row.data_type,
    nullable: row.is_nullable === 'YES',
  }));
}

const byName = (a: Column, b: Column) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);

describe('db/schema.ts', () => {
  it('declares exactly the tables and columns the migrations create, with their types and nullability', async () => {
    expect(declaredColumns().sort(byName)).toEqual((await migratedColumns()).sort(byName));
  });
});
