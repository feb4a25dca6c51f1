import { beforeAll, describe, expect, it } from 'vitest';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { insertContainer } from '../support/registries.ts';
import { DELETE_VOLUME, waitForVolume } from '../support/volumes.ts';
import { INCREASE_VOLUME, NAMESPACE_VOLUMES, create, list, useVolumesServer } from './setup.ts';

const suite = useVolumesServer();
const { customerWithNamespace } = suite;

describe('volume rules', () => {
  let customer: TestCustomer;
  let namespace: { id: string };
  beforeAll(async () => {
    ({ customer, namespace } = await customerWithNamespace());
  });

  it.each([
    ['name', 'Data', 10, 'Volume name must contain only lowercase letters'],
    ['name', '-data', 10, 'Volume name must contain only lowercase letters'],
    ['size', 'data', 0, 'Volume size must be a whole number of GB from 1 to 1000'],
    ['size', 'data', 1001, 'Volume size must be a whole number of GB from 1 to 1000'],
    ['size', 'data', -5, 'Volume size must be a whole number of GB from 1 to 1000'],
  ])('refuses a bad %s (%s, %s GB) and writes nothing', async (field, name, size, message) => {
    const error = expectGraphQLError(await create(customer, name, size), 'BAD_USER_INPUT');
    expect(error.message).toContain(message);
    expect(error.extensions?.field).toBe(field);
    expect(await list(customer, namespace)).toEqual([]);
  });

  it('takes 1 and 1000 GB, refuses a duplicate name and an unknown namespace', async () => {
    expect((await create(customer, 'small', 1)).body.errors).toBeUndefined();
    expect((await create(customer, 'large', 1000)).body.errors).toBeUndefined();
    const duplicate = expectGraphQLError(await create(customer, 'small', 2), 'BAD_USER_INPUT');
    expect(duplicate.message).toBe('A volume named small already exists in namespace shop');
    const missing = expectGraphQLError(await create(customer, 'other', 2, 'nowhere'), 'NOT_FOUND');
    expect(missing.message).toBe('Namespace nowhere not found');
  });

  it('grows only: refuses the same, a smaller or a too large size', async () => {
    const { body } = await create(customer, 'grow', 10);
    await waitForVolume(customer, body.data?.volumeCreate.id ?? '', 'created');
    for (const size of [10, 5]) {
      const error = expectGraphQLError(
        await customer.gql(INCREASE_VOLUME, { name: 'grow', namespace: 'shop', size }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toBe(
        'Volume size must be larger than the current 10 GB (at most 1000); volumes only grow',
      );
    }
    const tooLarge = expectGraphQLError(
      await customer.gql(INCREASE_VOLUME, { name: 'grow', namespace: 'shop', size: 1001 }),
      'BAD_USER_INPUT',
    );
    expect(tooLarge.message).toBe('Volume size must be a whole number of GB from 1 to 1000');
    const unknown = expectGraphQLError(
      await customer.gql(INCREASE_VOLUME, { name: 'nothing', namespace: 'shop', size: 20 }),
      'NOT_FOUND',
    );
    expect(unknown.message).toBe('Volume nothing not found');
  });

  it('refuses to delete a volume that containers mount, naming them; lists them as its containers', async () => {
    const { body } = await create(customer, 'mounted', 10);
    const volume = await waitForVolume(customer, body.data?.volumeCreate.id ?? '', 'created');
    for (const name of ['worker', 'api']) {
      await insertContainer(suite.server, {
        namespaceId: Number(namespace.id),
        name,
        volumeId: Number(volume.id),
      });
    }
    const error = expectGraphQLError(
      await customer.gql(DELETE_VOLUME, { name: 'mounted', namespace: 'shop' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('volume mounted is used by container api, container worker; unmount it first');
    const nested = await customer.data(NAMESPACE_VOLUMES, { name: 'shop' });
    expect(nested.namespace.volumes?.find((found) => found.name === 'mounted')?.containers).toEqual([
      { name: 'worker' },
      { name: 'api' },
    ]);
  });
});
