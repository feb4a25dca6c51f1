import { describe, expect, it } from 'vitest';
import { expectGraphQLError } from '../support/http.ts';
import { waitForNamespace } from '../support/namespaces.ts';
import { DELETE_NAMESPACE } from '../support/queries.ts';
import { insertContainer } from '../support/registries.ts';
import { create, useVolumesServer } from './setup.ts';

const suite = useVolumesServer();
const { customerWithNamespace } = suite;

describe('deleting a namespace that still holds resources', () => {
  it('is refused, naming what it holds, and leaves everything as it was', async () => {
    const shop = await customerWithNamespace();
    const { customer, namespace } = shop;
    await shop.volume('data', 1);
    await shop.registry({ name: 'private', source: 'ghcr.io/acme' });
    for (const name of ['web', 'api'])
      await insertContainer(suite.server, { namespaceId: Number(namespace.id), name });
    const error = expectGraphQLError(
      await customer.gql(DELETE_NAMESPACE, { name: 'shop' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe(
      'Namespace shop still holds 2 containers, 1 registry and 1 volume; delete them first',
    );
    expect((await waitForNamespace(customer, 'shop', 'created')).id).toBe(namespace.id);
  });

  it('names only what is there', async () => {
    const { customer } = await customerWithNamespace();
    await create(customer, 'one', 1);
    await create(customer, 'two', 1);
    const error = expectGraphQLError(
      await customer.gql(DELETE_NAMESPACE, { name: 'shop' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('Namespace shop still holds 2 volumes; delete them first');
  });
});
