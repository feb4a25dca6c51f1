import { createHash, createHmac, pbkdf2Sync, randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DatabaseGrant } from '../../src/db/schema.ts';
import { clusterDsn } from '../../src/modules/database-clusters/dsn.ts';
import type {
  ClusterDatabaseState,
  ClusterState,
  ClusterUserState,
  DatabaseClusterDriver,
} from '../../src/provisioning/database-cluster-driver.ts';
import { createPostgresDatabaseClusters } from '../../src/provisioning/postgres/database-clusters.ts';
import { postgresServerUrl, withoutPostgresServer } from '../support/postgres-server.ts';

// The postgres driver against a real PostgreSQL server: CI's (DATABASE_URL), else the local one. Names on
// the server carry the cluster's prefix, so random cluster ids keep runs (and a dev's clusters) apart.

export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

// With a quote, a backslash and a double quote, which reach the server only if escaped right.
export const password = () => `p'\\"${randomBytes(9).toString('base64')}`;

export const database = (
  name: string,
  status: ClusterDatabaseState['status'] = 'ready',
): ClusterDatabaseState => ({
  name,
  status,
});

export function user(
  name: string,
  permissions: DatabaseGrant[] = [],
  status: ClusterUserState['status'] = 'ready',
): ClusterUserState {
  return { name, role: name === 'admin' ? 'admin' : 'user', password: password(), permissions, status };
}

// A DATABASE_URL that does not answer is a broken run, not a machine without PostgreSQL: it fails.
export const missing = await withoutPostgresServer();
export const title = 'postgres database cluster driver on a PostgreSQL server';

/**
 * The driver on the PostgreSQL server and an admin connection to it, for the tests of the suite calling this:
 * clusters made with `cluster()` are deleted after them, connections made with `connect()` after each.
 */
export function usePostgresClusterDriver() {
  const world = {} as { driver: DatabaseClusterDriver; admin: pg.Client };
  const applied: ClusterState[] = [];
  const opened: pg.Client[] = [];

  beforeAll(async () => {
    world.driver = createPostgresDatabaseClusters({ adminUrl: postgresServerUrl });
    world.admin = new pg.Client({ connectionString: postgresServerUrl });
    await world.admin.connect();
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((client) => client.end()));
  });

  afterAll(async () => {
    for (const cluster of applied) await world.driver?.delete(cluster);
    await world.driver?.close();
    await world.admin?.end();
  });

  function cluster(databases: ClusterDatabaseState[], users: ClusterUserState[]): ClusterState {
    const id = randomInt(1_000_000_000, 2_000_000_000);
    const state: ClusterState = {
      id,
      name: 'shop',
      namespace: 'acme',
      customerId: 7,
      runtimeNamespace: 'ns-0123456789ab',
      engine: 'postgresql',
      version: '16',
      patchLevelVersion: '16.10',
      size: { cpu: 1, memoryGb: 2, storageGb: 25, replicas: 1 },
      stopped: false,
      externalConnection: null,
      placement: world.driver.placement({ id, name: 'shop', namespace: 'acme', engine: 'postgresql' }),
      databases,
      users,
    };
    applied.push(state);
    return state;
  }

  function dsn(state: ClusterState, user: ClusterUserState, databaseName: string, secret = user.password) {
    return clusterDsn({
      engine: 'postgresql',
      placement: state.placement,
      user: user.name,
      password: secret,
      database: databaseName,
    });
  }

  async function connect(state: ClusterState, user: ClusterUserState, databaseName: string, secret?: string) {
    const client = new pg.Client({ connectionString: dsn(state, user, databaseName, secret) });
    await client.connect();
    opened.push(client);
    return client;
  }

  /** Whether the server holds this password for the role (its SCRAM or MD5 secret, checked here). */
  async function holdsPassword(role: string, secret: string): Promise<boolean> {
    const { rows } = await world.admin.query<{ stored: string }>(
      'SELECT rolpassword AS stored FROM pg_authid WHERE rolname = $1',
      [role],
    );
    const stored = rows[0]?.stored ?? '';
    const [, iterations, salt, storedKey] = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(stored) ?? [];
    if (iterations && salt && storedKey) {
      const salted = pbkdf2Sync(secret, Buffer.from(salt, 'base64'), Number(iterations), 32, 'sha256');
      const clientKey = createHmac('sha256', salted).update('Client Key').digest();
      return createHash('sha256').update(clientKey).digest('base64') === storedKey;
    }
    const md5 = `md5${createHash('md5').update(`${secret}${role}`).digest('hex')}`;
    if (stored.startsWith('md5')) return stored === md5;
    throw new Error(`${role} has no password secret the test knows`);
  }

  const names = async (catalog: 'pg_roles' | 'pg_database', prefix: string) => {
    const column = catalog === 'pg_roles' ? 'rolname' : 'datname';
    const { rows } = await world.admin.query<{ name: string }>(
      `SELECT ${column} AS name FROM ${catalog} WHERE starts_with(${column}, $1) ORDER BY 1`,
      [prefix],
    );
    return rows.map((row) => row.name);
  };

  return { world, cluster, connect, holdsPassword, names };
}
