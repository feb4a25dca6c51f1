import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateRegistries } from '../../src/db/schema.ts';
import { loadSecretBox } from '../../src/secrets/key.ts';
import type { RegistryCreateInput } from '../generated/graphql.ts';
import { graphql } from '../generated/gql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs } from '../support/queries.ts';
import {
  CREATE_REGISTRY,
  DELETE_REGISTRY,
  REGISTRIES,
  insertContainer,
  registriesIn,
  startFakeRegistry,
  waitForRegistry,
  type FakeRegistry,
} from '../support/registries.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

const REGISTRIES_BY_ID = graphql(`
  query RegistriesByNamespaceId($id: ID) {
    privateRegistries(namespaceId: $id) {
      ...RegistryFields
    }
  }
`);
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

const PASSWORD = 'correct-horse-battery-staple';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ REGISTRY_VERIFY_ALLOW_PRIVATE: 'true' });
});
afterAll(() => server.close());

const customerWithNamespace = (namespace: string, on = server) =>
  seed(on)
    .customer({ subscriptions: ['serverless-container'] })
    .namespace(namespace);

const input = (overrides: Partial<RegistryCreateInput> = {}): RegistryCreateInput => ({
  namespace: 'shop',
  name: 'private',
  source: 'registry.example.com',
  username: 'robot',
  password: PASSWORD,
  verify: false,
  ...overrides,
});

const createRegistry = (customer: TestCustomer, overrides: Partial<RegistryCreateInput> = {}) =>
  customer.gql(CREATE_REGISTRY, { input: input(overrides) });

const registries = (customer: TestCustomer) => registriesIn(customer, 'shop');

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

    await whileProvisionerPaused(server, async () => {
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
    await whileProvisionerPaused(server, async () => {
      expect((await createRegistry(customer)).body.errors).toBeUndefined();
      const error = expectGraphQLError(
        await customer.gql(DELETE_REGISTRY, { name: 'private', namespace: 'shop' }),
        'CONFLICT',
      );
      expect(error.message).toBe('Registry private is being changed (creating); try again when it is done');
    });
  });
});

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
      await insertContainer(server, {
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

describe('signing in to the registry (verify: true)', () => {
  const fakes: FakeRegistry[] = [];
  let customer: TestCustomer;
  beforeAll(async () => {
    ({ customer } = await customerWithNamespace('shop'));
  });
  afterAll(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
  });

  async function fake(challenge: 'basic' | 'bearer', tokenField?: 'token' | 'access_token') {
    const registry = await startFakeRegistry({
      challenge,
      username: 'robot',
      password: PASSWORD,
      tokenField,
    });
    fakes.push(registry);
    return registry;
  }

  it.each([
    ['Basic', 'basic', undefined, ['GET /v2/ -', 'GET /v2/ Basic']],
    ['Bearer (token)', 'bearer', 'token', ['GET /v2/ -', 'GET /token Basic', 'GET /v2/ Bearer']],
    [
      'Bearer (access_token)',
      'bearer',
      'access_token',
      ['GET /v2/ -', 'GET /token Basic', 'GET /v2/ Bearer'],
    ],
  ] as const)('accepts good credentials behind a %s challenge', async (label, challenge, field, requests) => {
    const registry = await fake(challenge, field);
    const name = `good-${challenge}-${field ?? 'basic'}`.replace('_', '-');
    const { body } = await createRegistry(customer, {
      name,
      source: `http://${registry.authority}`,
      verify: true,
    });
    expect(body.errors, label).toBeUndefined();
    expect(registry.requests).toEqual(requests);
  });

  it.each(['basic', 'bearer'] as const)(
    'refuses bad credentials behind a %s challenge, storing nothing',
    async (challenge) => {
      const registry = await fake(challenge);
      const error = expectGraphQLError(
        await createRegistry(customer, {
          name: `bad-${challenge}`,
          source: `http://${registry.authority}`,
          password: 'wrong',
          verify: true,
        }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toBe('127.0.0.1: the registry refused the username or password');
      expect(error.extensions?.field).toBe('password');
      expect((await registries(customer)).map((found) => found.name)).not.toContain(`bad-${challenge}`);
    },
  );

  it('says when the registry cannot be reached', async () => {
    const port = await freePort();
    const error = expectGraphQLError(
      await createRegistry(customer, {
        name: 'unreachable',
        source: `http://127.0.0.1:${port}`,
        verify: true,
      }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(
      /^The registry cannot be reached: 127\.0\.0\.1:\d+ cannot be reached: .*ECONNREFUSED/,
    );
    expect(error.extensions?.field).toBe('source');
  });

  it('says when the address does not answer like a registry', async () => {
    const website = createServer((_request, response) => response.writeHead(404).end('no registry here'));
    await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = website.address() as AddressInfo;
      const error = expectGraphQLError(
        await createRegistry(customer, { name: 'website', source: `http://127.0.0.1:${port}`, verify: true }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toBe('127.0.0.1 does not answer like a container registry (HTTP 404 at /v2/)');
    } finally {
      website.close();
    }
  });
});

describe('without REGISTRY_VERIFY_ALLOW_PRIVATE', () => {
  let guarded: TestServer;
  let registry: FakeRegistry;
  beforeAll(async () => {
    guarded = await startServer();
    registry = await startFakeRegistry({ challenge: 'basic', username: 'robot', password: PASSWORD });
  });
  afterAll(async () => {
    await registry.close();
    await guarded.close();
  });

  it('never reaches loopback or private addresses, nor plain http', async () => {
    const { customer } = await customerWithNamespace('shop', guarded);
    const attempt = (source: string) =>
      customer.gql(CREATE_REGISTRY, { input: input({ source, verify: true }) });

    for (const source of [
      registry.authority,
      `localhost:${registry.authority.split(':')[1]}`,
      '10.1.2.3',
      '169.254.169.254',
      '[::1]:5000',
    ]) {
      const error = expectGraphQLError(await attempt(source), 'BAD_USER_INPUT');
      expect(error.message, source).toMatch(
        /^The registry cannot be checked: .* resolves to the internal address /,
      );
    }
    const http = expectGraphQLError(await attempt(`http://${registry.authority}`), 'BAD_USER_INPUT');
    expect(http.message).toBe(
      'Registry source must be a registry host without http:// (e.g. registry.example.com or ghcr.io/org)',
    );
    expect(registry.requests).toEqual([]);
  });
});

describe('the password', () => {
  it('is never returned nor audited, and is stored encrypted', async () => {
    const { customer } = await customerWithNamespace('shop');
    const { body } = await createRegistry(customer, { name: 'secretive' });
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
    const unknownField = await customer.gql(`{ privateRegistries(namespace: "shop") { password } }`);
    expect(unknownField.body.errors?.[0]?.message).toContain('Cannot query field "password"');

    const [row] = await server.berth.database.db
      .select()
      .from(privateRegistries)
      .where(eq(privateRegistries.id, Number(body.data?.registryConnectionCreate.id)));
    expect(row?.passwordEncrypted).toMatch(/^v1:/);
    expect(row?.passwordEncrypted).not.toContain(PASSWORD);
    const box = await loadSecretBox(server.berth.database.db, undefined, { warn: () => undefined });
    expect(box.decryptSecret(row?.passwordEncrypted ?? '')).toBe(PASSWORD);

    await waitForRegistry(customer, 'shop', 'secretive', 'created');
    await customer.data(DELETE_REGISTRY, { name: 'secretive', namespace: 'shop' });
    const entries = (await auditLogs(customer)).filter((entry) => entry.modelName === 'PrivateRegistry');
    expect(entries.map((entry) => entry.eventType).sort()).toEqual(['create', 'delete']);
    for (const entry of entries) {
      expect(entry.changeSet.map((change) => change.name).sort()).toEqual(['name', 'source', 'username']);
      expect(entry.account?.email).toBe(customer.email);
    }
    expect(entries.find((entry) => entry.eventType === 'create')?.changeSet).toContainEqual({
      name: 'username',
      oldValue: null,
      newValue: 'robot',
    });
    const everything = await server.berth.database.db.execute(
      sql`SELECT change_set::text AS text FROM audit_entries`,
    );
    expect(JSON.stringify(everything)).not.toContain(PASSWORD);
    expect(JSON.stringify(everything)).not.toContain(row?.passwordEncrypted);
  });
});

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
