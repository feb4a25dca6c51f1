import { describe, expect, it } from 'vitest';
import type { ContainerCreateInput } from '../generated/graphql.ts';
import { graphql } from '../generated/gql.ts';
import { CREATE_CONTAINER, DELETE_CONTAINER, createContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { useContainersServer } from './setup.ts';

// Web addresses across customers: the default address the platform gives each container, and the custom
// domain names, each of which one customer at a time can have.

const { subscribed, addressSuffix } = useContainersServer();

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

/** Creates once the previous owner's container is gone (its domain names are freed with it). */
const eventuallyCreate = (customer: TestCustomer, input: ContainerCreateInput) =>
  eventually(
    'the domain name to be freed',
    async () => (await customer.gql(CREATE_CONTAINER, { input })).body.data?.containerCreate,
    { timeoutMs: 20_000, intervalMs: 100 },
  );

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
