import { expect, it } from 'vitest';
import type { ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import { describeNeeding } from '../support/postgres-server.ts';
import { database, missing, title, user, usePostgresClusterDriver } from './postgres-cluster-driver-setup.ts';

// What the driver drops on a real PostgreSQL server: deleted users and databases, and a deleted cluster whole.

describeNeeding(missing, title, () => {
  const { world, cluster, connect, names } = usePostgresClusterDriver();

  it('drops a deleted user and a deleted database with its group roles', async () => {
    const leaving = user('leaving', [{ databaseName: 'app', permission: 'READ_WRITE' }]);
    const staying = user('staying', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const owner = user('admin');
    const state = cluster([database('app'), database('old')], [owner, leaving, staying]);
    await world.driver.apply(state);
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
    await world.driver.apply(after);
    await world.driver.apply(after);

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
    await world.driver.apply(state);
    const prefix = state.placement.namePrefix;
    // Connected while it goes: the database is dropped all the same (the server ends the session).
    const connected = await connect(state, writer, 'app');
    connected.on('error', () => undefined);

    const partial: ClusterState = { ...state, databases: [], users: [] };
    await world.driver.delete(partial);
    await world.driver.delete(partial);

    expect(await names('pg_database', prefix)).toEqual([]);
    expect(await names('pg_roles', prefix)).toEqual([]);
  });
});
