import { beforeAll, describe, expect, it } from 'vitest';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { DELETE_REGISTRY, insertContainer, waitForRegistry } from '../support/registries.ts';
import { createRegistry, registries, useRegistriesServer } from './setup.ts';

const suite = useRegistriesServer();
const { customerWithNamespace } = suite;

describe('registry rules', () => {
  let customer: TestCustomer;
  beforeAll(async () => {
    ({ customer } = await customerWithNamespace('shop'));
  });

  it.each([
    ['name', { name: 'Private' }, 'Registry name must contain only lowercase letters'],
    ['name', { name: '' }, 'Registry name is required'],
    ['name', { name: `r${'x'.repeat(63)}` }, 'Registry name must be at most 63 characters'],
    ['source', { source: '' }, 'Registry source is required'],
    [
      'source',
      { source: 'ftp://registry.example.com' },
      'Registry source must be a registry host without ftp://',
    ],
    ['source', { source: 'registry..example.com' }, 'Registry source must start with a registry host name'],
    [
      'source',
      { source: 'user@registry.example.com' },
      'Registry source must start with a registry host name',
    ],
    ['source', { source: 'registry.example.com:70000' }, 'Registry source port must be from 1 to 65535'],
    ['source', { source: 'ghcr.io/Acme' }, 'Registry source path must be lowercase'],
    ['source', { source: 'ghcr.io/acme/' }, 'Registry source path must be lowercase'],
    ['username', { username: ' ' }, 'Registry username is required'],
    ['password', { password: '' }, 'Registry password is required'],
  ])('refuses a bad %s: %j', async (field, overrides, message) => {
    const error = expectGraphQLError(await createRegistry(customer, overrides), 'BAD_USER_INPUT');
    expect(error.message).toContain(message);
    expect(error.extensions?.field).toBe(field);
    expect(await registries(customer)).toEqual([]);
  });

  it('accepts sources with a port, a path and https://', async () => {
    for (const [name, source] of [
      ['port', 'registry.local:5000/team'],
      ['path', 'ghcr.io/acme/sub-team'],
      ['https', 'https://registry.example.com'],
    ]) {
      expect((await createRegistry(customer, { name, source })).body.errors).toBeUndefined();
    }
    expect((await registries(customer)).map((registry) => registry.source).sort()).toEqual([
      'ghcr.io/acme/sub-team',
      'https://registry.example.com',
      'registry.local:5000/team',
    ]);
  });

  it('refuses a second registry of the same name in the namespace', async () => {
    expect((await createRegistry(customer, { name: 'twice' })).body.errors).toBeUndefined();
    const error = expectGraphQLError(await createRegistry(customer, { name: 'twice' }), 'BAD_USER_INPUT');
    expect(error.message).toBe('A registry named twice already exists in namespace shop');
  });

  it('gives not found for a namespace that does not exist', async () => {
    const error = expectGraphQLError(await createRegistry(customer, { namespace: 'nowhere' }), 'NOT_FOUND');
    expect(error.message).toBe('Namespace nowhere not found');
  });

  it('refuses to delete a registry that containers use, naming them', async () => {
    const { customer: owner, namespace } = await customerWithNamespace('shop');
    await createRegistry(owner, { name: 'used' });
    const registry = await waitForRegistry(owner, 'shop', 'used', 'created');
    for (const name of ['web', 'api']) {
      await insertContainer(suite.server, {
        namespaceId: Number(namespace.id),
        name,
        registryId: Number(registry.id),
      });
    }
    const error = expectGraphQLError(
      await owner.gql(DELETE_REGISTRY, { name: 'used', namespace: 'shop' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe(
      'registry used is used by container api, container web; change or delete them first',
    );
    expect(await registries(owner)).toMatchObject([{ name: 'used', state: 'created', locked: false }]);
  });
});
