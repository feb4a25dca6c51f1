import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs } from '../support/queries.ts';
import { DELETE_VOLUME, VOLUME, waitForVolume } from '../support/volumes.ts';
import { INCREASE_VOLUME, NAMESPACE_VOLUMES, create, list, useVolumesServer } from './setup.ts';

const suite = useVolumesServer();
const { customerWithNamespace } = suite;

describe('volume lifecycle', () => {
  it('creates, grows (updating), reports size and usage in MB/GB/TB, deletes and disappears', async () => {
    const { customer, namespace } = await customerWithNamespace();
    const { body } = await create(customer, 'data', 5);
    expect(body.errors).toBeUndefined();
    const created = body.data?.volumeCreate;
    expect(created).toMatchObject({ name: 'data', state: 'creating', locked: true, size: 5, sizeMb: 5000 });
    expect(created?.sizeTb).toBeCloseTo(0.005);
    const id = created?.id ?? '';
    await waitForVolume(customer, id, 'created');

    await whileProvisionerPaused(suite.server, async () => {
      const grown = await customer.data(INCREASE_VOLUME, {
        name: 'data',
        namespace: 'shop',
        size: 1000,
      });
      expect(grown.volumeIncrease).toMatchObject({ state: 'updating', locked: true, size: 1000, sizeTb: 1 });
      const busy = expectGraphQLError(
        await customer.gql(INCREASE_VOLUME, { name: 'data', namespace: 'shop', size: 1000 }),
        'CONFLICT',
      );
      expect(busy.message).toBe('Volume data is being changed (updating); try again when it is done');
      expectGraphQLError(await customer.gql(DELETE_VOLUME, { name: 'data', namespace: 'shop' }), 'CONFLICT');
    });
    await waitForVolume(customer, id, 'created');

    await suite.server.berth.database.db.execute(
      sql`UPDATE volumes SET usage_bytes = 1500000000 WHERE id = ${Number(id)}`,
    );
    const nested = await customer.data(NAMESPACE_VOLUMES, { name: 'shop' });
    expect(nested.namespace.volumes).toEqual([{ name: 'data', usage: 1.5, usageMb: 1500, containers: [] }]);
    expect(await list(customer, namespace)).toMatchObject([
      { id, name: 'data', namespace: { name: 'shop' } },
    ]);

    await whileProvisionerPaused(suite.server, async () => {
      expect(await customer.data(DELETE_VOLUME, { name: 'data', namespace: 'shop' })).toEqual({
        volumeDelete: true,
      });
      expect((await customer.data(VOLUME, { id })).volume).toMatchObject({
        state: 'deleting',
        locked: true,
      });
    });
    await eventually('volume to disappear', async () =>
      (await customer.gql(VOLUME, { id })).body.errors?.[0]?.extensions?.code === 'NOT_FOUND'
        ? true
        : undefined,
    );
    expect((await customer.gql(VOLUME, { id })).body.errors?.[0]?.message).toBe(`Volume ${id} not found`);

    const changes = (await auditLogs(customer))
      .filter((entry) => entry.modelName === 'Volume')
      .map((entry) => [entry.eventType, entry.changeSet])
      .reverse();
    expect(changes).toEqual([
      [
        'create',
        [
          { name: 'name', oldValue: null, newValue: 'data' },
          { name: 'size', oldValue: null, newValue: '5 GB' },
        ],
      ],
      ['update', [{ name: 'size', oldValue: '5 GB', newValue: '1000 GB' }]],
      [
        'delete',
        [
          { name: 'name', oldValue: 'data', newValue: null },
          { name: 'size', oldValue: '1000 GB', newValue: null },
        ],
      ],
    ]);
  });
});
