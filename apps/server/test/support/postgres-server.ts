import pg from 'pg';

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
