import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { readEnvironment } from '../../src/environment.ts';
import { graphql } from '../generated/gql.ts';
import { createTestDatabase } from '../support/database.ts';
import { freePort } from '../support/ports.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { waitForNamespace } from '../support/namespaces.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs, DELETE_NAMESPACE } from '../support/queries.ts';
import { insertContainer } from '../support/registries.ts';
import { seed, seedNamespace } from '../support/seed.ts';
import { startServer, testEnvironment, type TestServer } from '../support/server.ts';
import { CREATE_VOLUME, DELETE_VOLUME, VOLUME, waitForVolume } from '../support/volumes.ts';

const INCREASE_VOLUME = graphql(`
  mutation IncreaseVolume($name: String!, $namespace: String!, $size: Int!) {
    volumeIncrease(volumeInput: { name: $name, namespace: $namespace, size: $size }) {
      ...VolumeFields
    }
  }
`);
const VOLUMES = graphql(`
  query Volumes($namespaceId: Int!) {
    volumes(namespaceId: $namespaceId) {
      ...VolumeFields
    }
  }
`);
const NAMESPACE_VOLUMES = graphql(`
  query NamespaceVolumes($name: String!) {
    namespace(name: $name) {
      volumes {
        name
        usage
        usageMb: usage(unit: MB)
        containers {
          name
        }
      }
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const customerWithNamespace = (name = 'shop') =>
  seed(server)
    .customer({ subscriptions: ['serverless-container'] })
    .namespace(name);

const create = (customer: TestCustomer, name: string, size: number, namespace = 'shop') =>
  customer.gql(CREATE_VOLUME, { name, namespace, size });

async function list(customer: TestCustomer, namespace: { id: string }) {
  return (await customer.data(VOLUMES, { namespaceId: Number(namespace.id) })).volumes;
}

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

    await whileProvisionerPaused(server, async () => {
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

    await server.berth.database.db.execute(
      sql`UPDATE volumes SET usage_bytes = 1500000000 WHERE id = ${Number(id)}`,
    );
    const nested = await customer.data(NAMESPACE_VOLUMES, { name: 'shop' });
    expect(nested.namespace.volumes).toEqual([{ name: 'data', usage: 1.5, usageMb: 1500, containers: [] }]);
    expect(await list(customer, namespace)).toMatchObject([
      { id, name: 'data', namespace: { name: 'shop' } },
    ]);

    await whileProvisionerPaused(server, async () => {
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
      await insertContainer(server, { namespaceId: Number(namespace.id), name, volumeId: Number(volume.id) });
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

const NAMESPACE_LIST = graphql(`
  query NamespaceList {
    namespaces {
      name
      containers {
        name
      }
      privateRegistries {
        name
        namespace {
          name
        }
      }
      volumes {
        name
        namespace {
          name
        }
        containers {
          name
        }
      }
    }
  }
`);

describe('Volume.containers of a list', () => {
  let counted: TestServer;
  const statements: string[] = [];
  beforeAll(async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const berth = await buildApp(readEnvironment(testEnvironment(database, port)), {
      onQuery: (query) => statements.push(query),
    });
    await berth.listen();
    counted = {
      url: `http://127.0.0.1:${port}`,
      berth,
      services: berth.services,
      database,
      close: async () => {
        await berth.close();
        await database.drop();
      },
    };
  });
  afterAll(() => counted.close());

  it('is loaded by one statement for all the volumes of a namespace', async () => {
    const { customer, namespace } = await seed(counted)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('many');
    for (let index = 0; index < 6; index++) {
      const { volumeCreate } = await customer.data(CREATE_VOLUME, {
        name: `v${index}`,
        namespace: 'many',
        size: 1,
      });
      await insertContainer(counted, {
        namespaceId: Number(namespace.id),
        name: `c${index}`,
        volumeId: Number(volumeCreate.id),
      });
    }
    statements.length = 0;
    const { namespace: found } = await customer.data(NAMESPACE_VOLUMES, { name: 'many' });
    expect(found.volumes?.map((volume) => volume.containers)).toEqual(
      [0, 1, 2, 3, 4, 5].map((index) => [{ name: `c${index}` }]),
    );
    expect(statements.filter((statement) => statement.includes('container_mounts'))).toHaveLength(1);
  });

  it('keeps the namespace list (with what each namespace holds) at the same statement count for 1 or 3 namespaces', async () => {
    async function statementsForList(count: number) {
      const customer = await seed(counted).customer({ subscriptions: ['serverless-container'] });
      for (let index = 0; index < count; index++) {
        const space = await seedNamespace(customer, `space-${index}`);
        await space.volume('data', 1);
        await space.registry({ name: 'private', source: 'ghcr.io/acme' });
      }
      await customer.token(); // signed in before counting: the count is the list request alone
      // Their polling would be counted too (seen under load: one statement more for one of the lists).
      await counted.berth.provisioner.stop();
      await counted.berth.scheduler.stop();
      try {
        statements.length = 0;
        const { namespaces } = await customer.data(NAMESPACE_LIST);
        expect(namespaces).toHaveLength(count);
        for (const namespace of namespaces) {
          expect(namespace.privateRegistries).toHaveLength(1);
          expect(namespace.volumes).toHaveLength(1);
        }
        return statements.length;
      } finally {
        counted.berth.provisioner.start();
        await counted.berth.scheduler.start();
      }
    }
    expect(await statementsForList(3)).toBe(await statementsForList(1));
  });
});

describe('deleting a namespace that still holds resources', () => {
  it('is refused, naming what it holds, and leaves everything as it was', async () => {
    const shop = await customerWithNamespace();
    const { customer, namespace } = shop;
    await shop.volume('data', 1);
    await shop.registry({ name: 'private', source: 'ghcr.io/acme' });
    for (const name of ['web', 'api'])
      await insertContainer(server, { namespaceId: Number(namespace.id), name });
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

describe('resolveMountVolume (for container mounts)', () => {
  it('finds, creates when missing, grows when asked, and refuses what it cannot do', async () => {
    const { customer, namespace: view } = await customerWithNamespace();
    const { services } = server;
    const account = await services.accounts.findById(customer.accountId);
    if (!account) throw new Error('account missing');
    const namespace = await services.namespaces.find(account, { name: 'shop' });
    const resolve = (input: {
      name: string;
      size?: number | null;
      autoCreate?: boolean;
      increase?: boolean;
    }) =>
      server.berth.database.db.transaction((tx) =>
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
