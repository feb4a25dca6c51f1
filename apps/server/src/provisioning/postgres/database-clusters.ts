import pg from 'pg';
import {
  adminUser,
  type ClusterState,
  type ClusterUserState,
  type DatabaseClusterDriver,
} from '../database-cluster-driver.ts';
import { advisePostgres } from './advisor.ts';
import { clusterNames, clusterPrefix, placedPrefix, prefixPattern } from './cluster-names.ts';
import { grantInDatabase } from './database-grants.ts';
import {
  dropDatabase,
  dropRoles,
  ensureDatabase,
  ensureLogin,
  existingRoles,
  setMemberships,
} from './server-objects.ts';

const DEFAULT_PORT = 5432;

/**
 * Clusters whose databases and users are real, on the PostgreSQL server of `adminUrl` (a role that may
 * create roles and databases), each cluster's names behind its prefix. A user's permissions are
 * memberships of a database's group roles (see database-grants.ts); the admin user owns the databases and
 * writes all of them.
 */
export function createPostgresDatabaseClusters(options: { adminUrl: string }): DatabaseClusterDriver {
  const pool = new pg.Pool({ connectionString: options.adminUrl, max: 2 });
  // A connection that breaks while idle leaves the pool and the next task connects again; without a
  // listener its error would end the process.
  pool.on('error', () => undefined);
  const url = new URL(options.adminUrl);
  const address = { hostname: url.hostname || 'localhost', port: Number(url.port || DEFAULT_PORT) };

  async function onServer<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  /** Runs work connected to one of the cluster's databases, as the admin URL's role. */
  async function inDatabase<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const target = new URL(options.adminUrl);
    target.pathname = `/${encodeURIComponent(database)}`;
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async function apply(cluster: ClusterState): Promise<void> {
    const names = clusterNames(cluster);
    const admin = adminUser(cluster);
    const databases = cluster.databases.filter((database) => database.status !== 'deleting');
    const live = new Set(databases.map((database) => database.name));
    const others = cluster.users.filter((user) => user !== admin);
    const users = others.filter((user) => user.status !== 'deleting');
    const leaving = others.filter((user) => user.status === 'deleting');

    // A user's groups are exactly its permissions on the databases that stay.
    const groupsOf = (user: ClusterUserState) =>
      user.permissions
        .filter((grant) => live.has(grant.databaseName))
        .map((grant) =>
          grant.permission === 'READ_WRITE'
            ? names.writers(grant.databaseName)
            : names.readers(grant.databaseName),
        );

    const login = cluster.stopped ? 'NOLOGIN' : 'LOGIN';
    const leavingRoles = await onServer(async (server) => {
      await ensureLogin(server, names.admin, admin.password, login);
      for (const database of cluster.databases) {
        if (database.status === 'deleting') await dropDatabase(server, names, database.name);
      }
      for (const database of databases) await ensureDatabase(server, names, database.name);
      await setMemberships(
        server,
        names.prefix,
        names.admin,
        databases.map((database) => names.writers(database.name)),
      );
      for (const user of users) {
        await ensureLogin(server, names.user(user.name), user.password, login);
        await setMemberships(server, names.prefix, names.user(user.name), groupsOf(user));
      }
      // A user whose role an earlier attempt dropped already has nothing left to give away.
      return existingRoles(
        server,
        leaving.map((user) => names.user(user.name)),
      );
    });

    for (const database of databases) {
      const writes = (user: ClusterUserState) => groupsOf(user).includes(names.writers(database.name));
      await inDatabase(names.database(database.name), (client) =>
        grantInDatabase(client, {
          admin: names.admin,
          readers: names.readers(database.name),
          writers: names.writers(database.name),
          creators: [names.admin, ...users.filter(writes).map((user) => names.user(user.name))],
          formerCreators: [
            ...users.filter((user) => !writes(user)).map((user) => names.user(user.name)),
            ...leavingRoles,
          ],
        }),
      );
    }

    await onServer((server) => dropRoles(server, leavingRoles));
  }

  /**
   * Drops whatever carries the cluster's prefix on the server, found there rather than in the state: a
   * task that failed half-way, or a state that lost a name, leaves nothing behind.
   */
  async function remove(cluster: ClusterState): Promise<void> {
    const pattern = prefixPattern(placedPrefix(cluster));
    await onServer(async (server) => {
      const databases = await server.query<{ name: string }>(
        'SELECT datname AS name FROM pg_database WHERE datname LIKE $1',
        [pattern],
      );
      for (const { name } of databases.rows) {
        await server.query(`DROP DATABASE IF EXISTS ${server.escapeIdentifier(name)} WITH (FORCE)`);
      }
      const roles = await server.query<{ name: string }>(
        'SELECT rolname AS name FROM pg_roles WHERE rolname LIKE $1',
        [pattern],
      );
      await dropRoles(
        server,
        roles.rows.map((role) => role.name),
      );
    });
  }

  /**
   * The advisor's analysis: each of the cluster's databases read as the admin URL's role, and the settings of
   * the shared server (which the messages say are the server's, not the cluster's own).
   */
  async function advise(cluster: ClusterState) {
    const names = clusterNames(cluster);
    return advisePostgres(cluster, 'shared', (database, work) =>
      database === null ? onServer(work) : inDatabase(names.database(database), work),
    );
  }

  return {
    name: 'postgres',
    // Every PostgreSQL version is accepted: the databases live on the admin URL's server, so a cluster
    // asked for as version 14 runs on whatever major version that server has.
    refusal: (engine) =>
      engine === 'mysql'
        ? 'MySQL clusters are not available here: this platform runs PostgreSQL clusters only (versions 14 to 17)'
        : null,
    placement: (cluster) => ({ ...address, namePrefix: clusterPrefix(cluster.id) }),
    apply,
    delete: remove,
    advise,
    close: () => pool.end(),
  };
}
