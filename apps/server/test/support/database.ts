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

/** A hash of the migrations (and of what else the template depends on): a change of either makes a new one. */
async function migrationsHash(extra: Buffer | string): Promise<string> {
  const hash = createHash('sha256').update(extra);
  for (const file of (await readdir(migrationsDir)).sort()) {
    hash.update(file).update(await readFile(path.join(migrationsDir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite folder to copy: creating a PGlite database (initdb) takes seconds, copying one
 * a fraction of that. Keyed by the migrations and the PGlite version.
 */
async function pgliteTemplate(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const version = await readFile(path.join(packageDir, 'package.json'));
  const template = path.join(tmpdir(), `berth-test-template-${await migrationsHash(version)}`);
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

function databaseUrlOf(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

const databaseExists = (client: pg.Client, name: string) =>
  client
    .query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    .then((result) => result.rowCount === 1);

/**
 * A migrated, empty PostgreSQL database to create each test's database from (CREATE DATABASE … TEMPLATE copies
 * files, where migrating runs every statement). Keyed by the migrations; kept between runs on this server.
 */
async function postgresTemplate(server: string): Promise<string> {
  const template = `berth_template_${await migrationsHash('postgres')}`;
  if (await withAdminClient((client) => databaseExists(client, template))) return template;
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${building}`));
  const database = await openDatabase({ dataDir: '', databaseUrl: databaseUrlOf(server, building) });
  await database.close();
  // Another worker may have finished the same template meanwhile: either copy is good.
  await withAdminClient((client) =>
    client
      .query(`ALTER DATABASE ${building} RENAME TO ${template}`)
      .catch(() => client.query(`DROP DATABASE ${building}`)),
  );
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
    const template = await postgresTemplate(serverUrl);
    await withAdminClient((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    return {
      dataDir,
      databaseUrl: databaseUrlOf(serverUrl, name),
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
