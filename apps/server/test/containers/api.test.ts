import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { ContainerCreateInput, ContainerModifyInput } from '../generated/graphql.ts';
import { graphql } from '../generated/gql.ts';
import {
  CONTAINER_BY_ID,
  CONTAINER_BY_NAME,
  CREATE_CONTAINER,
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  NAMESPACE_CONTAINERS,
  containerByName,
  createContainer,
  waitForContainer,
} from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '100' });
});
afterAll(() => server.close());

const subscribed = () => seed(server).customer({ subscriptions: ['serverless-container'] });

/** The customer's suffix of default web addresses, as the platform gave it. */
async function addressSuffix(customer: TestCustomer) {
  const [row] = await queryRows<{ address_suffix: string | null }>(
    server.berth.database.db,
    sql`SELECT address_suffix FROM customers WHERE id = ${customer.customerId}`,
  );
  if (!row?.address_suffix) throw new Error(`customer ${customer.customerId} has no address suffix yet`);
  return row.address_suffix;
}

const DEFAULT_ADDRESS = graphql(`
  query DefaultContainerAddress($namespace: String!, $container: String!) {
    namespace(name: $namespace) {
      defaultContainerAddress(containerName: $container)
    }
  }
`);

async function defaultAddresses(customer: TestCustomer, namespace: string, containers: string[]) {
  const answers = await Promise.all(
    containers.map((container) => customer.data(DEFAULT_ADDRESS, { namespace, container })),
  );
  return answers.map((answer) => answer.namespace.defaultContainerAddress);
}

async function containersIn(customer: TestCustomer, namespace: string) {
  const { containers } = (await customer.data(NAMESPACE_CONTAINERS, { name: namespace })).namespace;
  if (!containers) throw new Error(`namespace ${namespace} answered no container list`);
  return containers;
}

const RESOURCE_SPECIFICATIONS = graphql(`
  query ResourceSpecifications($kind: String!) {
    resourceSpecifications(kind: $kind) {
      ...ResourceSpecificationFields
    }
  }
`);

describe('resourceSpecifications', () => {
  it('lists every container size with cpu in cores, ram in GB and a monthly price in EUR cents', async () => {
    const alice = await subscribed();
    const { resourceSpecifications: sizes } = await alice.data(RESOURCE_SPECIFICATIONS, {
      kind: 'container',
    });
    expect(sizes).toHaveLength(7 * 17);
    expect(sizes).toContainEqual({
      id: 'CPU_250_RAM_500',
      kind: 'container',
      cpu: 0.25,
      ram: 0.5,
      price: { amount: 170, currency: 'EUR' },
    });
    expect(sizes).toContainEqual({
      id: 'CPU_1000_RAM_2000',
      kind: 'container',
      cpu: 1,
      ram: 2,
      price: { amount: 680, currency: 'EUR' },
    });
    const error = expectGraphQLError(
      await alice.gql(RESOURCE_SPECIFICATIONS, { kind: 'gpu' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(/kind: .*gpu/);
  });

  it('gives the volume price per GB and month', async () => {
    const alice = await subscribed();
    const { resourceSpecifications } = await alice.data(RESOURCE_SPECIFICATIONS, { kind: 'volume' });
    expect(resourceSpecifications).toEqual([
      { id: 'VOLUME_GB', kind: 'volume', cpu: 0, ram: 0, price: { amount: 10, currency: 'EUR' } },
    ]);
  });
});

describe('containerCreate rules', () => {
  let alice: TestCustomer;
  const base = { name: 'web', namespace: 'rules', image: 'nginx:1.27', ports: ['80'] };
  beforeAll(async () => {
    ({ customer: alice } = await subscribed().namespace('rules'));
  });

  it.each<[string, Partial<ContainerCreateInput>, RegExp]>([
    ['an uppercase name', { name: 'Web' }, /^Container name must contain only lowercase/],
    ['a name of 64 characters', { name: `a${'b'.repeat(63)}` }, /^Container name must be at most 63/],
    ['no image', { image: null }, /^image: an image is required/],
    ['an uppercase image path', { image: 'Nginx:1.27' }, /^image: "Nginx:1.27" is not an image reference/],
    [
      'an image with a bad digest',
      { image: 'nginx@sha256:abc' },
      /^image: "nginx@sha256:abc" is not an image reference/,
    ],
    ['port 0', { ports: ['0'] }, /^ports: "0" is not a port number from 1 to 65535/],
    ['port 65536', { ports: ['65536'] }, /^ports: "65536" is not a port number/],
    ['a port with a protocol', { ports: ['8080/tcp'] }, /^ports: "8080\/tcp" is not a port number/],
    ['a port twice', { ports: ['80', '80'] }, /^ports: 80 is given twice/],
    [
      'an ingress on another port',
      { ingresses: [{ port: 81 }] },
      /^ingresses: port 81 of web-rules-[0-9a-f]{8}\.apps\.localhost is not one of the container's ports/,
    ],
    [
      'an invalid domain name',
      { ingresses: [{ port: 80, domainName: 'shop_1.example.com' }] },
      /^ingresses: "shop_1\.example\.com" is not a valid domain name/,
    ],
    [
      'a single-label domain name',
      { ingresses: [{ port: 80, domainName: 'localhost' }] },
      /^ingresses: "localhost" is not a valid domain name/,
    ],
    [
      'another address under the apps domain',
      { ingresses: [{ port: 80, domainName: 'api-rules.apps.localhost' }] },
      /^ingresses: addresses under apps\.localhost are given by the platform/,
    ],
    [
      'a domain name twice',
      {
        ingresses: [
          { port: 80, domainName: 'a.example.com' },
          { port: 80, domainName: 'a.example.com' },
        ],
      },
      /^ingresses: a\.example\.com is given twice/,
    ],
    [
      'a CIDR prefix too long',
      { ingresses: [{ port: 80, whitelist: ['10.0.0.0/33'] }] },
      /^ingresses: allowlist entry "10\.0\.0\.0\/33" is not an IPv4\/IPv6 address or CIDR range/,
    ],
    [
      'an allowlist entry that is no address',
      { ingresses: [{ port: 80, whitelist: ['office'] }] },
      /^ingresses: allowlist entry "office"/,
    ],
    [
      'a variable name starting with a digit',
      { environmentVariables: [{ name: '1A', value: 'x' }] },
      /^environmentVariables: "1A" is not a variable name/,
    ],
    [
      'a variable twice',
      {
        environmentVariables: [
          { name: 'A', value: 'x' },
          { name: 'A', value: 'y' },
        ],
      },
      /^environmentVariables: A is given twice/,
    ],
    [
      'a health check on another port',
      { healthCheck: { port: 81, path: '/health' } },
      /^healthCheck: port 81 is not one of the container's ports/,
    ],
    [
      'a health check path without /',
      { healthCheck: { port: 80, path: 'health' } },
      /^healthCheck: path "health" must start with \//,
    ],
    [
      '11 manual replicas',
      { scaling: { manual: { replicas: 11 } } },
      /^scaling: manual replicas must be from 0 to 10/,
    ],
    [
      '-1 manual replicas',
      { scaling: { manual: { replicas: -1 } } },
      /^scaling: manual replicas must be from 0 to 10/,
    ],
    [
      'both scaling kinds',
      {
        scaling: {
          manual: { replicas: 1 },
          auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: give exactly one of auto and manual/,
    ],
    ['neither scaling kind', { scaling: {} }, /^scaling: give exactly one of auto and manual/],
    [
      'an autoscaling minimum of 0',
      {
        scaling: {
          auto: { replicas: { minimum: 0, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: autoscaling needs 1 <= minimum <= maximum <= 10/,
    ],
    [
      'an autoscaling minimum above the maximum',
      {
        scaling: {
          auto: { replicas: { minimum: 3, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: autoscaling needs 1 <= minimum <= maximum <= 10 replicas \(got 3 to 2\)/,
    ],
    [
      'an autoscaling maximum of 11',
      {
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 11 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: autoscaling needs/,
    ],
    [
      'autoscaling without triggers',
      { scaling: { auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [] } } },
      /^scaling: autoscaling needs at least one CPU or MEMORY trigger/,
    ],
    [
      'a trigger of 0 %',
      {
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'MEMORY', threshold: 0 }] },
        },
      },
      /^scaling: the MEMORY trigger threshold must be from 1 to 100 %/,
    ],
    [
      'a trigger of 101 %',
      {
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 101 }] },
        },
      },
      /^scaling: the CPU trigger threshold must be from 1 to 100 %/,
    ],
    [
      'a relative mount path',
      { mounts: [{ path: 'data', volume: { name: 'data' } }] },
      /^mounts: path "data" must be an absolute path/,
    ],
    [
      'a mount path twice',
      {
        mounts: [
          { path: '/data', volume: { name: 'a' } },
          { path: '/data', volume: { name: 'b' } },
        ],
      },
      /^mounts: \/data is given twice/,
    ],
  ])(
    'refuses %s with BAD_USER_INPUT naming the field, and writes nothing',
    async (_case, change, message) => {
      const auditBefore = await auditLogs(alice);
      const error = expectGraphQLError(
        await alice.gql(CREATE_CONTAINER, { input: { ...base, ...change } }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toMatch(message);
      expect(await containersIn(alice, 'rules')).toEqual([]);
      expect(await auditLogs(alice)).toEqual(auditBefore);
    },
  );

  it('accepts addresses, CIDRs and defaults: the default address with TLS, manual 1 replica, CPU_250_RAM_500', async () => {
    const created = await createContainer(alice, {
      ...base,
      name: 'defaults',
      image: 'registry.example.com:5000/team/app_1:v1.2@sha256:' + 'a'.repeat(64),
      ports: ['80', '8080'],
      ingresses: [
        { port: 80, whitelist: ['192.168.1.1', '10.0.0.0/8', '2001:db8::/32', '::1'] },
        { port: 8080, domainName: 'Defaults.Example.com' },
      ],
    });
    expect(created).toMatchObject({
      type: 'DEFAULT',
      containerType: 'DEFAULT',
      resources: 'CPU_250_RAM_500',
      resourceSpecification: { id: 'CPU_250_RAM_500', cpu: 0.25, ram: 0.5 },
      numberOfReplicas: 1,
      autoScaling: null,
      healthCheck: null,
      state: 'creating',
      locked: true,
    });
    const own = `defaults-rules-${await addressSuffix(alice)}.apps.localhost`;
    expect(created.ingresses).toEqual([
      expect.objectContaining({
        domainName: own,
        url: `https://${own}`,
        enableTLS: true,
        allowlist: ['192.168.1.1', '10.0.0.0/8', '2001:db8::/32', '::1'],
        whitelist: ['192.168.1.1', '10.0.0.0/8', '2001:db8::/32', '::1'],
        namespace: { name: 'rules' },
      }),
      expect.objectContaining({
        domainName: 'defaults.example.com',
        url: 'http://defaults.example.com',
        enableTLS: false,
      }),
    ]);
    await waitForContainer(alice, 'rules', 'defaults', 'running');
    const error = expectGraphQLError(
      await alice.gql(CREATE_CONTAINER, { input: { ...base, name: 'defaults' } }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('A container named defaults already exists in namespace rules');
  });

  it('mounts volumes through the volumes module: creates one when asked, refuses a missing one', async () => {
    const missing = expectGraphQLError(
      await alice.gql(CREATE_CONTAINER, {
        input: {
          ...base,
          name: 'files',
          mounts: [{ path: '/data', volume: { name: 'nope', autoCreate: false } }],
        },
      }),
      'NOT_FOUND',
    );
    expect(missing.message).toBe('Volume nope in namespace rules not found');
    const created = await createContainer(alice, {
      ...base,
      name: 'files',
      mounts: [{ path: '/data', volume: { name: 'files-data', size: 1 } }],
    });
    expect(created.mounts).toEqual([{ path: '/data', volume: { name: 'files-data' } }]);
    await waitForContainer(alice, 'rules', 'files', 'running');
  });

  it('answers NOT_FOUND for a registry that does not exist, and writes nothing', async () => {
    const auditBefore = await auditLogs(alice);
    const containersBefore = await containersIn(alice, 'rules');
    const error = expectGraphQLError(
      await alice.gql(CREATE_CONTAINER, { input: { ...base, name: 'pulls', registry: 'nowhere' } }),
      'NOT_FOUND',
    );
    expect(error.message).toBe('Registry nowhere in namespace rules not found');
    expect((await containersIn(alice, 'rules')).map((container) => container.name)).toEqual(
      containersBefore.map((container) => container.name),
    );
    expect(await auditLogs(alice)).toEqual(auditBefore);
  });

  it('answers NOT_FOUND for a namespace that does not exist', async () => {
    const error = expectGraphQLError(
      await alice.gql(CREATE_CONTAINER, { input: { ...base, namespace: 'nowhere' } }),
      'NOT_FOUND',
    );
    expect(error.message).toContain('not found');
  });

  it('refuses a suspended customer with FORBIDDEN', async () => {
    const { customer: mallory } = await subscribed().namespace('rules');
    await mallory.suspend();
    expectGraphQLError(await mallory.gql(CREATE_CONTAINER, { input: base }), 'FORBIDDEN');
  });

  it('lets a customer without a subscription create only the first container of a namespace', async () => {
    const { customer: newcomer } = await seed(server).customer().namespace('trial');
    await createContainer(newcomer, { ...base, namespace: 'trial', name: 'first' });
    const error = expectGraphQLError(
      await newcomer.gql(CREATE_CONTAINER, { input: { ...base, namespace: 'trial', name: 'second' } }),
      'FORBIDDEN',
    );
    expect(error.message).toMatch(/subscribe/);
    expect((await containersIn(newcomer, 'trial')).map((container) => container.name)).toEqual(['first']);
  });
});

describe('domain names across customers', () => {
  it('refuses a domain name another customer uses without saying whose it is, and frees it on delete', async () => {
    const aliceShop = await subscribed().namespace('alice-shop');
    const { customer: bob } = await subscribed().namespace('bob-shop');
    const input = {
      name: 'web',
      image: 'nginx',
      ports: ['80'],
      ingresses: [{ port: 80, domainName: 'shop.example.com' }],
    };
    await aliceShop.container(input);
    const error = expectGraphQLError(
      await bob.gql(CREATE_CONTAINER, { input: { ...input, namespace: 'bob-shop' } }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('ingresses: domain name shop.example.com is already in use');
    expect(error.message).not.toMatch(/alice|customer|namespace/i);

    await aliceShop.customer.data(DELETE_CONTAINER, { name: 'web', namespace: 'alice-shop' });
    const created = await eventuallyCreate(bob, { ...input, namespace: 'bob-shop' });
    expect(created.ingresses[0]?.domainName).toBe('shop.example.com');
  });
});

describe('default web addresses across customers', () => {
  it('gives two customers with the same namespace and container names different addresses that reveal neither', async () => {
    const { customer: alice } = await subscribed().namespace('shop');
    const { customer: bob } = await subscribed().namespace('shop');
    const input = {
      name: 'web',
      namespace: 'shop',
      image: 'nginx',
      ports: ['80'],
      ingresses: [{ port: 80 }],
    };
    const first = await createContainer(alice, input);
    const second = await createContainer(bob, input);
    const addresses = [first, second].map((container) => container.ingresses[0]?.domainName ?? '');
    for (const address of addresses) expect(address).toMatch(/^web-shop-[0-9a-f]{8}\.apps\.localhost$/);
    expect(addresses[0]).not.toBe(addresses[1]);
    expect(addresses[0]).toBe(`web-shop-${await addressSuffix(alice)}.apps.localhost`);
    // Bob can neither take Alice's address nor any other name under the apps domain.
    const error = expectGraphQLError(
      await bob.gql(CREATE_CONTAINER, {
        input: { ...input, name: 'other', ingresses: [{ port: 80, domainName: addresses[0] }] },
      }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(/^ingresses: addresses under apps\.localhost are given by the platform/);
  });

  it('names the default address before the container exists, as creating it then does', async () => {
    const { customer: alice } = await subscribed().namespace('shop');
    const { customer: bob } = await subscribed().namespace('shop');
    const longName = `c${'b'.repeat(62)}`;
    const before = await defaultAddresses(alice, 'shop', ['web', longName]);
    // The first question gives the customer its suffix: the one its containers get from then on.
    expect(before).toEqual([
      `web-shop-${await addressSuffix(alice)}.apps.localhost`,
      `c${'b'.repeat(53)}-${await addressSuffix(alice)}.apps.localhost`,
    ]);
    const created = await Promise.all(
      ['web', longName].map((name) =>
        createContainer(alice, {
          name,
          namespace: 'shop',
          image: 'nginx',
          ports: ['80'],
          ingresses: [{ port: 80 }],
        }),
      ),
    );
    expect(created.map((container) => container.ingresses[0]?.domainName)).toEqual(before);
    expect(await defaultAddresses(bob, 'shop', ['web'])).not.toEqual(before.slice(0, 1));
  });

  it('refuses a container name the platform would refuse, and answers NOT_FOUND for a namespace of another customer', async () => {
    const { customer: alice } = await subscribed().namespace('named');
    const { customer: bob } = await subscribed().namespace('elsewhere');
    const bad = expectGraphQLError(
      await alice.gql(DEFAULT_ADDRESS, { namespace: 'named', container: 'Not_A_Name' }),
      'BAD_USER_INPUT',
    );
    expect(bad.message).toBe(
      'Container name must contain only lowercase letters, digits and hyphens, start with a letter and end with a letter or digit',
    );
    expect(bad.extensions?.field).toBe('containerName');
    const hidden = expectGraphQLError(
      await bob.gql(DEFAULT_ADDRESS, { namespace: 'named', container: 'web' }),
      'NOT_FOUND',
    );
    expect(hidden.message).toBe('Namespace named not found');
  });

  it('keeps a default address within one DNS label for the longest names', async () => {
    const namespace = `n${'a'.repeat(62)}`;
    const { customer: carol } = await subscribed().namespace(namespace);
    const created = await createContainer(carol, {
      name: `c${'b'.repeat(62)}`,
      namespace,
      image: 'nginx',
      ports: ['80'],
      ingresses: [{ port: 80 }],
    });
    const [label] = (created.ingresses[0]?.domainName ?? '').split('.');
    expect(label).toMatch(new RegExp(`^c${'b'.repeat(53)}-${await addressSuffix(carol)}$`));
    expect(label?.length).toBe(63);
  });

  it('gives a custom domain to one of two customers asking at the same moment; the other is told it is in use', async () => {
    const { customer: dave } = await subscribed().namespace('race');
    const { customer: erin } = await subscribed().namespace('race');
    const input = {
      name: 'web',
      namespace: 'race',
      image: 'nginx',
      ports: ['80'],
      ingresses: [{ port: 80, domainName: 'race.example.com' }],
    };
    const answers = await Promise.all(
      [dave, erin].map((customer) => customer.gql(CREATE_CONTAINER, { input })),
    );
    const created = answers.filter((answer) => answer.body.data?.containerCreate);
    const [refused, ...more] = answers.filter((answer) => answer.body.errors);
    expect(created).toHaveLength(1);
    if (!refused || more.length > 0) throw new Error(`expected one refusal, got ${JSON.stringify(answers)}`);
    const error = expectGraphQLError(refused, 'BAD_USER_INPUT');
    expect(error.message).toBe('ingresses: domain name race.example.com is already in use');
  });
});

/** Creates once the previous owner's container is gone (its domain names are freed with it). */
const eventuallyCreate = (customer: TestCustomer, input: ContainerCreateInput) =>
  eventually(
    'the domain name to be freed',
    async () => (await customer.gql(CREATE_CONTAINER, { input })).body.data?.containerCreate,
    { timeoutMs: 20_000, intervalMs: 100 },
  );

describe('containerModify patch semantics', () => {
  let alice: TestCustomer;
  const SECRET = 'hunter2-very-secret';
  beforeAll(async () => {
    const patch = await subscribed().namespace('patch');
    alice = patch.customer;
    await patch.container({
      name: 'api',
      image: 'nginx:1.27',
      ports: ['80', '9000'],
      environmentVariables: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
        { name: 'TOKEN', value: SECRET, secret: true },
      ],
      ingresses: [{ port: 80 }, { port: 80, domainName: 'api.example.com', enableTLS: true }],
      healthCheck: { port: 80, path: '/health' },
      command: ['serve'],
    });
  });

  const modify = (change: Partial<ContainerModifyInput>) =>
    alice.gql(MODIFY_CONTAINER, { input: { name: 'api', namespace: 'patch', ...change } });

  it('changes only the variables sent: replaces, adds and removes by name; keeps the rest and the secret', async () => {
    const before = await containerByName(alice, 'patch', 'api');
    const { body } = await modify({
      environmentVariables: [
        { name: 'A', value: '10' },
        { name: 'B', value: '', state: 'ABSENT' },
        { name: 'C', value: '3' },
      ],
    });
    const modified = body.data?.containerModify;
    expect(modified).toMatchObject({ state: 'updating', locked: true });
    expect(
      modified?.environmentVariables.map(({ name, value, secret }) => ({ name, value, secret })),
    ).toEqual([
      { name: 'A', value: '10', secret: false },
      { name: 'C', value: '3', secret: false },
      { name: 'TOKEN', value: null, secret: true },
    ]);
    expect(modified).toMatchObject({
      ports: before.ports,
      healthCheck: before.healthCheck,
      command: ['serve'],
      image: 'nginx:1.27',
      ingresses: before.ingresses.map(({ domainName, port, enableTLS, allowlist }) =>
        expect.objectContaining({ domainName, port, enableTLS, allowlist }),
      ),
    });

    // Locked while the runtime rolls the change out: every other change waits.
    expectGraphQLError(await modify({ image: 'nginx:1.28' }), 'CONFLICT');
    expectGraphQLError(await alice.gql(DELETE_CONTAINER, { name: 'api', namespace: 'patch' }), 'CONFLICT');
    await waitForContainer(alice, 'patch', 'api', 'running');
  });

  it('removes the health check with null, leaves it with absent', async () => {
    const kept = await modify({ image: 'nginx:1.28' });
    expect(kept.body.data?.containerModify.healthCheck).toEqual({ port: 80, path: '/health' });
    await waitForContainer(alice, 'patch', 'api', 'running');
    const removed = await modify({ healthCheck: null });
    expect(removed.body.data?.containerModify).toMatchObject({ healthCheck: null, image: 'nginx:1.28' });
    await waitForContainer(alice, 'patch', 'api', 'running');
  });

  it('keys ingresses by domain name or port: ABSENT removes, a port-keyed item keeps the default address', async () => {
    const removed = await modify({
      ingresses: [{ port: 80, domainName: 'api.example.com', state: 'ABSENT' }],
    });
    const own = `api-patch-${await addressSuffix(alice)}.apps.localhost`;
    expect(removed.body.data?.containerModify.ingresses.map((ingress) => ingress.domainName)).toEqual([own]);
    await waitForContainer(alice, 'patch', 'api', 'running');

    const changed = await modify({ ingresses: [{ port: 80, whitelist: ['10.0.0.0/8'] }] });
    expect(changed.body.data?.containerModify.ingresses).toEqual([
      expect.objectContaining({
        domainName: own,
        enableTLS: true,
        allowlist: ['10.0.0.0/8'],
      }),
    ]);
    await waitForContainer(alice, 'patch', 'api', 'running');
  });

  it('validates the resulting whole and writes nothing when it breaks a rule', async () => {
    const before = await containerByName(alice, 'patch', 'api');
    const auditBefore = await auditLogs(alice);
    const error = expectGraphQLError(await modify({ ports: ['9000'] }), 'BAD_USER_INPUT');
    expect(error.message).toBe(
      `ingresses: port 80 of api-patch-${await addressSuffix(alice)}.apps.localhost is not one of the container's ports`,
    );
    const twice = expectGraphQLError(
      await modify({
        environmentVariables: [
          { name: 'X', value: '1' },
          { name: 'X', value: '2' },
        ],
      }),
      'BAD_USER_INPUT',
    );
    expect(twice.message).toBe('environmentVariables: X is given twice');
    expect(await containerByName(alice, 'patch', 'api')).toEqual(before);
    expect(await auditLogs(alice)).toEqual(auditBefore);
  });

  it('never returns a secret value, stores it encrypted and keeps it out of the audit log', async () => {
    const byName = await containerByName(alice, 'patch', 'api');
    const byId = await alice.data(CONTAINER_BY_ID, { id: byName.id });
    for (const container of [byName, byId.container, ...(await containersIn(alice, 'patch'))]) {
      expect(container.environmentVariables.find((variable) => variable.name === 'TOKEN')).toMatchObject({
        value: null,
        secret: true,
      });
    }
    const replaced = await modify({
      environmentVariables: [{ name: 'TOKEN', value: `${SECRET}-2`, secret: true }],
    });
    expect(JSON.stringify(replaced.body)).not.toContain(SECRET);

    const stored = await queryRows<{ value: string }>(
      server.berth.database.db,
      sql`SELECT value FROM container_environment_variables WHERE name = 'TOKEN'`,
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.value).not.toContain(SECRET);
      expect(row.value).toMatch(/^v1:/);
    }
    const audit = await auditLogs(alice);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(SECRET);
    expect(audit.filter((entry) => entry.modelName === 'Container').length).toBeGreaterThan(0);
    expect(text).toContain('(secret, new value)');
    await waitForContainer(alice, 'patch', 'api', 'running');
  });
});

describe('isolation', () => {
  it('gives another customer NOT_FOUND for every query and mutation of a container, by name and by id', async () => {
    const { customer: alice } = await subscribed().namespace('private');
    const { customer: bob } = await subscribed().namespace('private');
    const container = await createContainer(alice, {
      name: 'secret-app',
      namespace: 'private',
      image: 'nginx',
    });

    const byId = expectGraphQLError(await bob.gql(CONTAINER_BY_ID, { id: container.id }), 'NOT_FOUND');
    const missingId = expectGraphQLError(await bob.gql(CONTAINER_BY_ID, { id: '99999999' }), 'NOT_FOUND');
    expect(byId.message).toBe(`Container ${container.id} not found`);
    expect(missingId.message).toBe('Container 99999999 not found');

    const where = { name: 'secret-app', namespace: 'private' };
    const missing = { name: 'nothing-here', namespace: 'private' };
    for (const request of [
      () => bob.gql(CONTAINER_BY_NAME, where),
      () => bob.gql(MODIFY_CONTAINER, { input: { ...where, image: 'evil' } }),
      () => bob.gql(DELETE_CONTAINER, where),
    ]) {
      const error = expectGraphQLError(await request(), 'NOT_FOUND');
      expect(error.message).toBe('Container secret-app in namespace private not found');
    }
    const other = expectGraphQLError(await bob.gql(CONTAINER_BY_NAME, missing), 'NOT_FOUND');
    expect(other.message).toBe('Container nothing-here in namespace private not found');
    expect(await containersIn(bob, 'private')).toEqual([]);
    // Alice's container is untouched.
    await waitForContainer(alice, 'private', 'secret-app', 'running', (found) => found.image === 'nginx');
  });
});

describe('locks', () => {
  it('refuses modify and delete of a container being created with CONFLICT', async () => {
    const { customer: alice } = await subscribed().namespace('busy');
    await whileProvisionerPaused(server, async () => {
      await createContainer(alice, { name: 'web', namespace: 'busy', image: 'nginx' });
      const error = expectGraphQLError(
        await alice.gql(MODIFY_CONTAINER, { input: { name: 'web', namespace: 'busy', image: 'httpd' } }),
        'CONFLICT',
      );
      expect(error.message).toBe('Container web is being changed (creating); try again when it is done');
      expectGraphQLError(await alice.gql(DELETE_CONTAINER, { name: 'web', namespace: 'busy' }), 'CONFLICT');
    });
    await waitForContainer(alice, 'busy', 'web', 'running', (found) => found.image === 'nginx');
  });
});
