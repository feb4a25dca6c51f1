import { describe, expect, it } from 'vitest';
import { expectGraphQLError } from '../support/http.ts';
import { CREATE_REGISTRY, DELETE_REGISTRY, REGISTRIES, waitForRegistry } from '../support/registries.ts';
import { REGISTRIES_BY_ID, createRegistry, input, registries, useRegistriesServer } from './setup.ts';

const { customerWithNamespace } = useRegistriesServer();

describe('customers are isolated', () => {
  it('gives another customer not found for every registry query and mutation, by name and by id', async () => {
    const { customer: owner, namespace } = await customerWithNamespace('shop');
    await createRegistry(owner, { name: 'mine' });
    await waitForRegistry(owner, 'shop', 'mine', 'created');
    const { customer: other } = await customerWithNamespace('elsewhere');

    const attempts = [
      other.gql(REGISTRIES, { namespace: 'shop' }),
      other.gql(REGISTRIES_BY_ID, { id: namespace.id }),
      other.gql(CREATE_REGISTRY, { input: input({ name: 'intruder' }) }),
      other.gql(DELETE_REGISTRY, { name: 'mine', namespace: 'shop' }),
    ];
    for (const response of await Promise.all(attempts)) {
      const error = expectGraphQLError(response, 'NOT_FOUND');
      expect(error.message).toContain('not found');
    }
    // The same answers as for a namespace that does not exist at all.
    const missing = expectGraphQLError(await owner.gql(REGISTRIES, { namespace: 'nowhere' }), 'NOT_FOUND');
    const foreign = expectGraphQLError(await other.gql(REGISTRIES, { namespace: 'shop' }), 'NOT_FOUND');
    expect(foreign.message.replace('shop', 'nowhere')).toBe(missing.message);
    expect(await registries(owner)).toMatchObject([{ name: 'mine', state: 'created' }]);
  });
});
