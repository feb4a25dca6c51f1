import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';

/** Where one test file keeps its data: a fresh PGlite folder, or a throwaway PostgreSQL database. */
export interface TestDatabase {
  /** DATA_DIR for the server (always set: the admin command line looks for server.json there). */
  dataDir: string;
  /** DATABASE_URL of the throwaway database when the suite runs on PostgreSQL. */
  databaseUrl?: string;
  /** Removes the folder and drops the database. */
  drop(): Promise<void>;
}

/** The PostgreSQL server the suite runs against (CI's second pass), or undefined for PGlite. */
const serverUrl = process.env.DATABASE_URL || undefined;

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const migrationsDir = path.resolve(import.meta.dirname, '../../src/db/migrations');

/**
 * A migrated, empty PGlite folder to copy: creating a PGlite database (initdb) takes seconds, copying one
 * a fraction of that. Keyed by the migrations and the PGlite version, so a change of either makes a new one.
 */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  hash.update(await readFile(path.join(packageDir, 'package.json')));
  for (const file of (await readdir(migrationsDir)).sort()) {
    hash.update(file).update(await readFile(path.join(migrationsDir, file)));
  }
  const template = path.join(tmpdir(), `berth-test-template-${hash.digest('hex').slice(0, 16)}`);
  if (
    await stat(template).then(
      () => true,
      () => false,
    )
  )
    return template;
  const building = `${template}-${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ dataDir: building });
  await database.close();
  // Another run may have finished the same template meanwhile: either copy is good.
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return template;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'berth-test-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    if (!serverUrl) {
      await cp(await pgliteTemplate(), dataDir, { recursive: true });
      return { dataDir, drop: removeDataDir };
    }
    const name = `berth_t_${randomBytes(6).toString('hex')}`;
    await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      dataDir,
      databaseUrl: url.toString(),
      async drop() {
        await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}
