import pg from 'pg';
import { expect, it } from 'vitest';
import type { ClusterUserState } from '../../src/provisioning/database-cluster-driver.ts';
import { describeNeeding } from '../support/postgres-server.ts';
import { database, missing, title, user, usePostgresClusterDriver } from './postgres-cluster-driver-setup.ts';

// What each user may do in the databases of a cluster on a real PostgreSQL server, and while it is stopped.

describeNeeding(missing, title, () => {
  const { world, cluster, connect } = usePostgresClusterDriver();

  it('lets READ_WRITE users write, READ_ONLY users read, and no one else in', async () => {
    const writer = user('writer', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const second = user('second', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const reader = user('reader', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const stranger = user('stranger', [{ databaseName: 'other', permission: 'READ_WRITE' }]);
    const owner = user('admin');
    const state = cluster([database('app'), database('other')], [owner, writer, second, reader, stranger]);
    await world.driver.apply(state);
    await world.driver.apply(state);

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
    await world.driver.apply(neighbour);
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
    await world.driver.apply(state);
    const open = await connect(state, writer, 'app');
    await open.query("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    open.on('error', () => undefined);

    await world.driver.apply({ ...state, stopped: true });
    await expect(open.query('SELECT 1')).rejects.toThrow();
    for (const role of [writer, owner]) {
      await expect(connect(state, role, 'app')).rejects.toThrow('is not permitted to log in');
    }

    await world.driver.apply(state);
    const again = await connect(state, writer, 'app');
    expect((await again.query('SELECT note FROM kept')).rows).toEqual([{ note: 'still here' }]);
  });

  it('takes back what a writer made reader owned, so it can no longer write there', async () => {
    const writer = user('writer', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const owner = user('admin');
    const state = cluster([database('app')], [owner, writer]);
    await world.driver.apply(state);
    const asWriter = await connect(state, writer, 'app');
    await asWriter.query('CREATE TABLE items (name text)');
    await asWriter.query("INSERT INTO items VALUES ('kept')");
    await asWriter.end();

    const reader: ClusterUserState = {
      ...writer,
      permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }],
    };
    await world.driver.apply({ ...state, users: [owner, reader] });

    const asReader = await connect(state, reader, 'app');
    expect((await asReader.query('SELECT name FROM items')).rows).toEqual([{ name: 'kept' }]);
    await expect(asReader.query("INSERT INTO items VALUES ('no')")).rejects.toThrow(
      'permission denied for table items',
    );
    await expect(asReader.query('DROP TABLE items')).rejects.toThrow('must be owner of table items');
  });
});
