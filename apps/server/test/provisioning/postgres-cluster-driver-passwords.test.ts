import { expect, it } from 'vitest';
import type { ClusterUserState } from '../../src/provisioning/database-cluster-driver.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';
import { describeNeeding } from '../support/postgres-server.ts';
import {
  database,
  missing,
  password,
  title,
  user,
  usePostgresClusterDriver,
  withoutPassword,
} from './postgres-cluster-driver-setup.ts';

// Users' passwords on a real PostgreSQL server, set anew on every apply.

describeNeeding(missing, title, () => {
  const { world, cluster, connect, holdsPassword } = usePostgresClusterDriver();

  it('sets a new password on every apply, which the server then holds instead of the old one', async () => {
    const reader = user('reader', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const owner = user('admin');
    const state = cluster([database('app')], [owner, reader]);
    await world.driver.apply(state);
    const role = `${state.placement.namePrefix}reader`;
    const old = reader.password;
    expect(await holdsPassword(role, old)).toBe(true);

    const rotated: ClusterUserState = { ...reader, password: password(), status: 'updating' };
    const adminRotated: ClusterUserState = { ...owner, password: password() };
    await world.driver.apply({ ...state, users: [adminRotated, rotated] });

    expect(await holdsPassword(role, rotated.password)).toBe(true);
    expect(await holdsPassword(role, old)).toBe(false);
    expect(await holdsPassword(`${state.placement.namePrefix}admin`, adminRotated.password)).toBe(true);
    expect(await holdsPassword(`${state.placement.namePrefix}admin`, owner.password)).toBe(false);
  });

  it('refuses the old password after a reset, where the server checks passwords', async (context) => {
    const reader = user('reader', [{ databaseName: 'app', permission: 'READ_ONLY' }]);
    const owner = user('admin');
    const state = cluster([database('app')], [owner, reader]);
    await world.driver.apply(state);
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
    await world.driver.apply({ ...state, users: [owner, rotated] });
    await expect(connect(state, reader, 'app')).rejects.toThrow('password authentication failed');
    await connect(state, rotated, 'app');
  });
});
