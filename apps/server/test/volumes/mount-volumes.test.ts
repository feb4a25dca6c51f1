import { describe, expect, it } from 'vitest';
import { waitForVolume } from '../support/volumes.ts';
import { list, useVolumesServer } from './setup.ts';

const suite = useVolumesServer();
const { customerWithNamespace } = suite;

describe('resolveMountVolume (for container mounts)', () => {
  it('finds, creates when missing, grows when asked, and refuses what it cannot do', async () => {
    const { customer, namespace: view } = await customerWithNamespace();
    const { services } = suite.server;
    const account = await services.accounts.findById(customer.accountId);
    if (!account) throw new Error('account missing');
    const namespace = await services.namespaces.find(account, { name: 'shop' });
    const resolve = (input: {
      name: string;
      size?: number | null;
      autoCreate?: boolean;
      increase?: boolean;
    }) =>
      suite.server.berth.database.db.transaction((tx) =>
        services.volumes.resolveMountVolume(
          tx,
          namespace,
          { autoCreate: true, increase: false, ...input },
          account,
        ),
      );
    const message = (promise: Promise<unknown>) =>
      promise.then(
        () => 'no error',
        (error: Error) => error.message,
      );

    const created = await resolve({ name: 'cache', size: 3 });
    expect(created).toMatchObject({ name: 'cache', sizeGb: 3, state: 'creating', locked: true });
    expect(await message(resolve({ name: 'absent', autoCreate: false }))).toBe(
      'Volume absent in namespace shop not found',
    );
    expect(await message(resolve({ name: 'nosize' }))).toBe(
      'Volume nosize of the mount does not exist yet: give its size in GB to create it',
    );
    expect(await message(resolve({ name: 'huge', size: 2000 }))).toBe(
      'Volume huge of the mount: size must be a whole number of GB from 1 to 1000',
    );
    await waitForVolume(customer, String(created.id), 'created');
    expect(await resolve({ name: 'cache', size: 8 })).toMatchObject({ id: created.id, sizeGb: 3 });
    expect(await message(resolve({ name: 'cache', size: 2, increase: true }))).toBe(
      'Volume cache of the mount is 3 GB; volumes only grow, so size must be at least that',
    );
    expect(await resolve({ name: 'cache', size: 8, increase: true })).toMatchObject({
      id: created.id,
      sizeGb: 8,
      state: 'updating',
      locked: true,
    });
    expect((await list(customer, view)).map((volume) => [volume.name, volume.size])).toEqual([['cache', 8]]);
  });
});
