import { createHash, createHmac, pbkdf2Sync, randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseGrant } from '../../src/db/schema.ts';
import { clusterDsn } from '../../src/modules/database-clusters/dsn.ts';
import type {
  ClusterDatabaseState,
  ClusterState,
  ClusterUserState,
  DatabaseClusterDriver,
} from '../../src/provisioning/database-cluster-driver.ts';
import { createPostgresDatabaseClusters } from '../../src/provisioning/postgres/database-clusters.ts';
import { describeNeeding, postgresServerUrl, withoutPostgresServer } from '../support/postgres-server.ts';

// The postgres driver against a real PostgreSQL server: CI's (DATABASE_URL), else the local one. Names on
// the server carry the cluster's prefix, so random cluster ids keep runs (and a dev's clusters) apart.

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

// With a quote, a backslash and a double quote, which reach the server only if escaped right.
const password = () => `p'\\"${randomBytes(9).toString('base64')}`;

const database = (name: string, status: ClusterDatabaseState['status'] = 'ready'): ClusterDatabaseState => ({
  name,
  status,
});

function user(
  name: string,
  permissions: DatabaseGrant[] = [],
  status: ClusterUserState['status'] = 'ready',
): ClusterUserState {
  return { name, role: name === 'admin' ? 'admin' : 'user', password: password(), permissions, status };
}

describe('postgres database cluster driver without a server', () => {
  const driver = createPostgresDatabaseClusters({
    adminUrl: 'postgres://berth:secret@db.example.net:6543/postgres',
  });
  afterAll(() => driver.close());

  it('places a cluster on the admin URL server, behind a prefix of its id', () => {
    expect(driver.placement({ id: 42, name: 'shop', namespace: 'acme', engine: 'postgresql' })).toEqual({
      hostname: 'db.example.net',
      port: 6543,
      namePrefix: 'c42_',
    });
  });

  it('takes localhost and 5432 when the URL names neither', async () => {
    const defaults = createPostgresDatabaseClusters({ adminUrl: 'postgresql:///postgres' });
    expect(defaults.placement({ id: 7, name: 'shop', namespace: 'acme', engine: 'postgresql' })).toEqual({
      hostname: 'localhost',
      port: 5432,
      namePrefix: 'c7_',
    });
    await defaults.close();
  });

  it('refuses MySQL and takes every PostgreSQL version', () => {
    expect(driver.refusal('mysql', '8.4')).toBe(
      'MySQL clusters are not available here: this platform runs PostgreSQL clusters only (versions 14 to 17)',
    );
    expect(driver.refusal('postgresql', '14')).toBeNull();
    expect(driver.refusal('postgresql', '17')).toBeNull();
  });

  it('touches nothing of a cluster placed without its prefix', async () => {
    const unplaced: ClusterState = {
      id: 42,
      name: 'shop',
      namespace: 'acme',
      customerId: 7,
      runtimeNamespace: 'ns-0123456789ab',
      engine: 'postgresql',
      version: '16',
      patchLevelVersion: '16.10',
      size: { cpu: 1, memoryGb: 2, storageGb: 25, replicas: 1 },
      stopped: false,
      placement: { hostname: 'db.example.net', port: 6543, namePrefix: '' },
      databases: [],
      users: [user('admin')],
    };
    await expect(driver.apply(unplaced)).rejects.toThrow('cluster 42 was not placed by the postgres driver');
    await expect(driver.delete(unplaced)).rejects.toThrow('cluster 42 was not placed by the postgres driver');
  });
});

// A DATABASE_URL that does not answer is a broken run, not a machine without PostgreSQL: it fails.
const missing = await withoutPostgresServer();
const title = 'postgres database cluster driver on a PostgreSQL server';

describeNeeding(missing, title, () => {
  let driver: DatabaseClusterDriver;
  let admin: pg.Client;
  const applied: ClusterState[] = [];
  const opened: pg.Client[] = [];

  beforeAll(async () => {
    driver = createPostgresDatabaseClusters({ adminUrl: postgresServerUrl });
    admin = new pg.Client({ connectionString: postgresServerUrl });
    await admin.connect();
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((client) => client.end()));
  });

  afterAll(async () => {
    for (const cluster of applied) await driver?.delete(cluster);
    await driver?.close();
    await admin?.end();
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
      placement: driver.placement({ id, name: 'shop', namespace: 'acme', engine: 'postgresql' }),
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
    const { rows } = await admin.query<{ stored: string }>(
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
    const { rows } = await admin.query<{ name: string }>(
      `SELECT ${column} AS name FROM ${catalog} WHERE starts_with(${column}, $1) ORDER BY 1`,
      [prefix],
    );
    return rows.map((row) => row.name);
  };

  it('lets READ_WRITE users write, READ_ONLY users read, and no one else in', async () => {
    const writer = user('writer', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const second = user('second', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const reader = user('reader', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const stranger = user('stranger', [{ databaseName: 'other', permission: 'READ_WRITE' }]);
    const owner = user('admin');
    const state = cluster([database('app'), database('other')], [owner, writer, second, reader, stranger]);
    await driver.apply(state);
    await driver.apply(state);

    const asWriter = await connect(state, writer, 'app');
    await asWriter.query('CREATE TABLE items (id serial PRIMARY KEY, name text)');
    await asWriter.query("INSERT INTO items (name) VALUES ('from writer')");

    // Another writer's table, and the admin's, are everyone's to use as their permission says.
    const asSecond = await connect(state, second, 'app');
    await asSecond.query("INSERT INTO items (name) VALUES ('from second')");
    const asAdmin = await connect(state, owner, 'app');
    await asAdmin.query("INSERT INTO items (name) VALUES ('from admin')");
    await asAdmin.query('CREATE TABLE notes (body text)');
    await asWriter.query("INSERT INTO notes VALUES ('in the admin table')");

    const asReader = await connect(state, reader, 'app');
    const { rows } = await asReader.query<{ name: string }>('SELECT name FROM items ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(['from writer', 'from second', 'from admin']);
    expect((await asReader.query('SELECT body FROM notes')).rows).toEqual([{ body: 'in the admin table' }]);
    await expect(asReader.query("INSERT INTO items (name) VALUES ('no')")).rejects.toThrow(
      'permission denied for table items',
    );
    await expect(asReader.query('CREATE TABLE mine (id int)')).rejects.toThrow(
      'permission denied for schema public',
    );
    await expect(asReader.query('CREATE TEMP TABLE mine (id int)')).rejects.toThrow('permission denied');

    await expect(connect(state, stranger, 'app')).rejects.toThrow(
      `permission denied for database "${state.placement.namePrefix}app"`,
    );
    await expect(connect(state, writer, 'other')).rejects.toThrow('permission denied for database');
    // Nor into the databases of another cluster on the same server.
    const neighbour = cluster([database('app')], [user('admin')]);
    await driver.apply(neighbour);
    const intruder = new pg.Client({
      host: state.placement.hostname,
      port: state.placement.port,
      user: `${state.placement.namePrefix}writer`,
      password: writer.password,
      database: `${neighbour.placement.namePrefix}app`,
    });
    await expect(intruder.connect()).rejects.toThrow('permission denied for database');
  });

  it('lets nobody in while the cluster is stopped, ends open sessions, keeps the data, and lets them in again', async () => {
    const writer = user('writer', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const owner = user('admin');
    const state = cluster([database('app')], [owner, writer]);
    await driver.apply(state);
    const open = await connect(state, writer, 'app');
    await open.query("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    open.on('error', () => undefined);

    await driver.apply({ ...state, stopped: true });
    await expect(open.query('SELECT 1')).rejects.toThrow();
    for (const role of [writer, owner]) {
      await expect(connect(state, role, 'app')).rejects.toThrow('is not permitted to log in');
    }

    await driver.apply(state);
    const again = await connect(state, writer, 'app');
    expect((await again.query('SELECT note FROM kept')).rows).toEqual([{ note: 'still here' }]);
  });

  it('sets a new password on every apply, which the server then holds instead of the old one', async () => {
    const reader = user('reader', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const owner = user('admin');
    const state = cluster([database('app')], [owner, reader]);
    await driver.apply(state);
    const role = `${state.placement.namePrefix}reader`;
    const old = reader.password;
    expect(await holdsPassword(role, old)).toBe(true);

    const rotated: ClusterUserState = { ...reader, password: password(), status: 'updating' };
    const adminRotated: ClusterUserState = { ...owner, password: password() };
    await driver.apply({ ...state, users: [adminRotated, rotated] });

    expect(await holdsPassword(role, rotated.password)).toBe(true);
    expect(await holdsPassword(role, old)).toBe(false);
    expect(await holdsPassword(`${state.placement.namePrefix}admin`, adminRotated.password)).toBe(true);
    expect(await holdsPassword(`${state.placement.namePrefix}admin`, owner.password)).toBe(false);
  });

  it('refuses the old password after a reset, where the server checks passwords', async (context) => {
    const reader = user('reader', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const owner = user('admin');
    const state = cluster([database('app')], [owner, reader]);
    await driver.apply(state);
    const trusted = await connect(state, reader, 'app', 'not the password at all').then(
      () => true,
      () => false,
    );
    // Where pg_hba.conf trusts this address, any password logs in: the secret the server holds (the test
    // before) is then the proof of a reset.
    context.skip(
      trusted,
      `${withoutPassword(postgresServerUrl)} trusts connections from here: passwords are not checked`,
    );

    const rotated: ClusterUserState = { ...reader, password: password() };
    await driver.apply({ ...state, users: [owner, rotated] });
    await expect(connect(state, reader, 'app')).rejects.toThrow('password authentication failed');
    await connect(state, rotated, 'app');
  });

  it('takes back what a writer made reader owned, so it can no longer write there', async () => {
    const writer = user('writer', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const owner = user('admin');
    const state = cluster([database('app')], [owner, writer]);
    await driver.apply(state);
    const asWriter = await connect(state, writer, 'app');
    await asWriter.query('CREATE TABLE items (name text)');
    await asWriter.query("INSERT INTO items VALUES ('kept')");
    await asWriter.end();

    const reader: ClusterUserState = {
      ...writer,
      permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }],
    };
    await driver.apply({ ...state, users: [owner, reader] });

    const asReader = await connect(state, reader, 'app');
    expect((await asReader.query('SELECT name FROM items')).rows).toEqual([{ name: 'kept' }]);
    await expect(asReader.query("INSERT INTO items VALUES ('no')")).rejects.toThrow(
      'permission denied for table items',
    );
    await expect(asReader.query('DROP TABLE items')).rejects.toThrow('must be owner of table items');
  });

  it('drops a deleted user and a deleted database with its group roles', async () => {
    const leaving = user('leaving', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const staying = user('staying', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const owner = user('admin');
    const state = cluster([database('app'), database('old')], [owner, leaving, staying]);
    await driver.apply(state);
    const asLeaving = await connect(state, leaving, 'app');
    await asLeaving.query("CREATE TABLE items AS SELECT 'left behind' AS name");
    await asLeaving.end();
    const prefix = state.placement.namePrefix;
    expect(await names('pg_database', prefix)).toEqual([`${prefix}app`, `${prefix}old`]);

    const after: ClusterState = {
      ...state,
      databases: [database('app'), database('old', 'deleting')],
      users: [owner, { ...leaving, status: 'deleting' }, staying],
    };
    await driver.apply(after);
    await driver.apply(after);

    expect(await names('pg_database', prefix)).toEqual([`${prefix}app`]);
    expect(await names('pg_roles', prefix)).toEqual(
      [`${prefix}admin`, `${prefix}app:ro`, `${prefix}app:rw`, `${prefix}staying`].sort(),
    );
    // What the deleted user made stays, the admin's now.
    const asStaying = await connect(state, staying, 'app');
    expect((await asStaying.query('SELECT name FROM items')).rows).toEqual([{ name: 'left behind' }]);
  });

  it('deletes a cluster down to its last role and database, also those its state no longer names', async () => {
    const writer = user('writer', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const state = cluster([database('app'), database('logs')], [user('admin'), writer]);
    await driver.apply(state);
    const prefix = state.placement.namePrefix;
    // Connected while it goes: the database is dropped all the same (the server ends the session).
    const connected = await connect(state, writer, 'app');
    connected.on('error', () => undefined);

    const partial: ClusterState = { ...state, databases: [], users: [] };
    await driver.delete(partial);
    await driver.delete(partial);

    expect(await names('pg_database', prefix)).toEqual([]);
    expect(await names('pg_roles', prefix)).toEqual([]);
  });
});
