import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { CREATE_REGISTRY, startFakeRegistry, type FakeRegistry } from '../support/registries.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { PASSWORD, createRegistry, input, registries, useRegistriesServer } from './setup.ts';

// Signing in to the registry before it is stored (verify: true), and the addresses that check never reaches.

const { customerWithNamespace } = useRegistriesServer();

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
