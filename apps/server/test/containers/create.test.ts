import { beforeAll, describe, expect, it } from 'vitest';
import { CREATE_CONTAINER, createContainer, waitForContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { auditLogs } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { containersIn, rulesContainer, useContainersServer } from './setup.ts';

const suite = useContainersServer();
const { subscribed, addressSuffix } = suite;

describe('containerCreate rules', () => {
  let alice: TestCustomer;
  beforeAll(async () => {
    ({ customer: alice } = await subscribed().namespace('rules'));
  });

  it('accepts addresses, CIDRs and defaults: the default address with TLS, manual 1 replica, CPU_250_RAM_500', async () => {
    const created = await createContainer(alice, {
      ...rulesContainer,
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
      await alice.gql(CREATE_CONTAINER, { input: { ...rulesContainer, name: 'defaults' } }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('A container named defaults already exists in namespace rules');
  });

  it('mounts volumes through the volumes module: creates one when asked, refuses a missing one', async () => {
    const missing = expectGraphQLError(
      await alice.gql(CREATE_CONTAINER, {
        input: {
          ...rulesContainer,
          name: 'files',
          mounts: [{ path: '/data', volume: { name: 'nope', autoCreate: false } }],
        },
      }),
      'NOT_FOUND',
    );
    expect(missing.message).toBe('Volume nope in namespace rules not found');
    const created = await createContainer(alice, {
      ...rulesContainer,
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
      await alice.gql(CREATE_CONTAINER, { input: { ...rulesContainer, name: 'pulls', registry: 'nowhere' } }),
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
      await alice.gql(CREATE_CONTAINER, { input: { ...rulesContainer, namespace: 'nowhere' } }),
      'NOT_FOUND',
    );
    expect(error.message).toContain('not found');
  });

  it('refuses a suspended customer with FORBIDDEN', async () => {
    const { customer: mallory } = await subscribed().namespace('rules');
    await mallory.suspend();
    expectGraphQLError(await mallory.gql(CREATE_CONTAINER, { input: rulesContainer }), 'FORBIDDEN');
  });

  it('lets a customer without a subscription create only the first container of a namespace', async () => {
    const { customer: newcomer } = await seed(suite.server).customer().namespace('trial');
    await createContainer(newcomer, { ...rulesContainer, namespace: 'trial', name: 'first' });
    const error = expectGraphQLError(
      await newcomer.gql(CREATE_CONTAINER, {
        input: { ...rulesContainer, namespace: 'trial', name: 'second' },
      }),
      'FORBIDDEN',
    );
    expect(error.message).toMatch(/subscribe/);
    expect((await containersIn(newcomer, 'trial')).map((container) => container.name)).toEqual(['first']);
  });
});
