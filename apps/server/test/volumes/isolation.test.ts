import { describe, expect, it } from 'vitest';
import { expectGraphQLError } from '../support/http.ts';
import { CREATE_VOLUME, DELETE_VOLUME, VOLUME, waitForVolume } from '../support/volumes.ts';
import { INCREASE_VOLUME, VOLUMES, create, list, useVolumesServer } from './setup.ts';

const { customerWithNamespace } = useVolumesServer();

describe('customers are isolated', () => {
  it('gives another customer not found for every volume query and mutation, by name and by id', async () => {
    const { customer: owner, namespace } = await customerWithNamespace();
    const { body } = await create(owner, 'mine', 5);
    const id = body.data?.volumeCreate.id ?? '';
    await waitForVolume(owner, id, 'created');
    const { customer: other } = await customerWithNamespace('elsewhere');

    const attempts = await Promise.all([
      other.gql(VOLUME, { id }),
      other.gql(VOLUMES, { namespaceId: Number(namespace.id) }),
      other.gql(CREATE_VOLUME, { name: 'intruder', namespace: 'shop', size: 1 }),
      other.gql(INCREASE_VOLUME, { name: 'mine', namespace: 'shop', size: 6 }),
      other.gql(DELETE_VOLUME, { name: 'mine', namespace: 'shop' }),
    ]);
    for (const response of attempts)
      expect(expectGraphQLError(response, 'NOT_FOUND').message).toContain('not found');
    // Indistinguishable from a volume that does not exist.
    const foreign = expectGraphQLError(await other.gql(VOLUME, { id }), 'NOT_FOUND');
    const missing = expectGraphQLError(await owner.gql(VOLUME, { id: '999999' }), 'NOT_FOUND');
    expect(foreign.message.replace(id, '999999')).toBe(missing.message);
    expect(await list(owner, namespace)).toMatchObject([{ name: 'mine', size: 5, state: 'created' }]);
  });
});
