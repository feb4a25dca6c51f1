import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { DELETE_REGISTRY, waitForRegistry } from '../support/registries.ts';
import { REGISTRIES_BY_ID, createRegistry, registries, useRegistriesServer } from './setup.ts';

const NAMESPACE_REGISTRIES = graphql(`
  query NamespaceRegistries($name: String!) {
    namespace(name: $name) {
      privateRegistries {
        name
        state
      }
    }
  }
`);

const suite = useRegistriesServer();
const { customerWithNamespace } = suite;

describe('registry lifecycle', () => {
  it('creates (creating, locked), becomes created, is listed three ways, deletes (deleting), disappears', async () => {
    const { customer, namespace } = await customerWithNamespace('shop');
    const { body } = await createRegistry(customer, { source: 'ghcr.io/acme' });
    expect(body.errors).toBeUndefined();
    const created = body.data?.registryConnectionCreate;
    expect(created).toMatchObject({
      name: 'private',
      source: 'ghcr.io/acme',
      username: 'robot',
      state: 'creating',
      locked: true,
      namespace: { id: namespace.id, name: 'shop' },
    });
    expect(Number.isNaN(Date.parse(created?.createdAt ?? ''))).toBe(false);

    const ready = await waitForRegistry(customer, 'shop', 'private', 'created');
    expect(ready.id).toBe(created?.id);
    const byId = await customer.data(REGISTRIES_BY_ID, { id: namespace.id });
    expect(byId.privateRegistries).toEqual([ready]);
    const nested = await customer.data(NAMESPACE_REGISTRIES, { name: 'shop' });
    expect(nested.namespace.privateRegistries).toEqual([{ name: 'private', state: 'created' }]);

    await whileProvisionerPaused(suite.server, async () => {
      const deleted = await customer.data(DELETE_REGISTRY, {
        name: 'private',
        namespace: 'shop',
      });
      expect(deleted.registryConnectionDelete).toBe(true);
      expect(await registries(customer)).toMatchObject([
        { name: 'private', state: 'deleting', locked: true },
      ]);
      const again = expectGraphQLError(
        await customer.gql(DELETE_REGISTRY, { name: 'private', namespace: 'shop' }),
        'CONFLICT',
      );
      expect(again.message).toContain('Registry private is being changed (deleting)');
    });
    await eventually('registry to disappear', async () =>
      (await registries(customer)).length === 0 ? true : undefined,
    );
    const gone = expectGraphQLError(
      await customer.gql(DELETE_REGISTRY, { name: 'private', namespace: 'shop' }),
      'NOT_FOUND',
    );
    expect(gone.message).toBe('Registry private not found');
  });

  it('refuses a change while the registry is locked (creating)', async () => {
    const { customer } = await customerWithNamespace('shop');
    await whileProvisionerPaused(suite.server, async () => {
      expect((await createRegistry(customer)).body.errors).toBeUndefined();
      const error = expectGraphQLError(
        await customer.gql(DELETE_REGISTRY, { name: 'private', namespace: 'shop' }),
        'CONFLICT',
      );
      expect(error.message).toBe('Registry private is being changed (creating); try again when it is done');
    });
  });
});
