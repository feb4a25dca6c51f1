import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import {
  createdNamespace,
  namespaceNames,
  waitForNamespace,
  waitUntilNamespaceGone,
} from '../support/namespaces.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import {
  AUDIT_LOGS,
  auditLogs,
  CREATE_NAMESPACE,
  DELETE_NAMESPACE,
  NAMESPACE_BY_ID,
  NAMESPACE_BY_NAME,
} from '../support/queries.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '100' });
});
afterAll(() => server.close());

const subscribedCustomer = () => createCustomer(server, { subscriptions: ['serverless-container'] });

const create = (customer: TestCustomer, name: string, description?: string) =>
  customer.gql(CREATE_NAMESPACE, { name, description });

describe('namespace lifecycle', () => {
  it('creates (creating, locked), becomes created, is listed and found by id and name, deletes (deleting), disappears', async () => {
    const alice = await subscribedCustomer();
    const created = await create(alice, 'web-shop', 'The shop');
    expect(created.status).toBe(200);
    const namespace = created.body.data?.namespaceCreate;
    expect(namespace).toMatchObject({
      name: 'web-shop',
      description: 'The shop',
      state: 'creating',
      locked: true,
    });
    expect(namespace?.id).toMatch(/^\d+$/);
    expect(namespace?.internalName).toEqual(expect.any(String));
    expect(Number.isNaN(Date.parse(namespace?.createdAt ?? ''))).toBe(false);

    const ready = await waitForNamespace(alice, 'web-shop', 'created');
    expect(ready).toMatchObject({ id: namespace?.id, locked: false, internalName: namespace?.internalName });

    expect(await namespaceNames(alice)).toEqual(['web-shop']);
    const byId = await alice.data(NAMESPACE_BY_ID, { id: ready.id });
    expect(byId.namespace).toEqual(ready);
    const byName = await alice.data(NAMESPACE_BY_NAME, { name: 'web-shop' });
    expect(byName.namespace).toEqual(ready);

    await whileProvisionerPaused(server, async () => {
      const deleted = await alice.data(DELETE_NAMESPACE, { name: 'web-shop' });
      expect(deleted.namespaceDelete).toBe(true);
      const deleting = await alice.data(NAMESPACE_BY_NAME, {
        name: 'web-shop',
      });
      expect(deleting.namespace).toMatchObject({ state: 'deleting', locked: true });
    });

    await waitUntilNamespaceGone(alice, 'web-shop');
    const byNameGone = expectGraphQLError(
      await alice.gql(NAMESPACE_BY_NAME, { name: 'web-shop' }),
      'NOT_FOUND',
    );
    expect(byNameGone.message).toContain('not found');
    const byIdGone = expectGraphQLError(await alice.gql(NAMESPACE_BY_ID, { id: ready.id }), 'NOT_FOUND');
    expect(byIdGone.message).toContain('not found');
    expect(await namespaceNames(alice)).toEqual([]);
  });

  it('refuses a change of a locked namespace with CONFLICT', async () => {
    const alice = await subscribedCustomer();
    await whileProvisionerPaused(server, async () => {
      await create(alice, 'busy');
      const error = expectGraphQLError(await alice.gql(DELETE_NAMESPACE, { name: 'busy' }), 'CONFLICT');
      expect(error.message).toMatch(/busy/);
    });
    await waitForNamespace(alice, 'busy', 'created');
    await whileProvisionerPaused(server, async () => {
      await alice.data(DELETE_NAMESPACE, { name: 'busy' });
      expectGraphQLError(await alice.gql(DELETE_NAMESPACE, { name: 'busy' }), 'CONFLICT');
    });
    await waitUntilNamespaceGone(alice, 'busy');
  });
});

describe('namespace names', () => {
  let alice: TestCustomer;
  beforeAll(async () => {
    alice = await subscribedCustomer();
  });

  it.each([
    ['uppercase letters', 'Shop'],
    ['a leading digit', '1shop'],
    ['a trailing hyphen', 'shop-'],
    ['a leading hyphen', '-shop'],
    ['an underscore', 'my_shop'],
    ['64 characters', `a${'b'.repeat(63)}`],
    ['an empty name', ''],
  ])('refuses %s with BAD_USER_INPUT naming the field, and writes nothing', async (_case, name) => {
    const auditBefore = await auditLogs(alice);
    const response = await create(alice, name);
    const error = expectGraphQLError(response, 'BAD_USER_INPUT');
    expect(error.message).toMatch(/name/i);
    expect(response.body.data ?? null).toBeNull();
    expect(await namespaceNames(alice)).not.toContain(name);
    expect(await auditLogs(alice)).toEqual(auditBefore);
  });

  it('accepts the longest and the shortest valid names', async () => {
    const longest = `a${'0'.repeat(61)}z`;
    for (const name of [longest, 'x']) {
      const { body } = await create(alice, name);
      expect(body.data?.namespaceCreate.name).toBe(name);
    }
    expect(await namespaceNames(alice)).toEqual(expect.arrayContaining([longest, 'x']));
  });

  it('refuses a duplicate name with BAD_USER_INPUT and writes nothing', async () => {
    await createdNamespace(alice, 'twice');
    const namespacesBefore = await namespaceNames(alice);
    const auditBefore = await auditLogs(alice);
    const error = expectGraphQLError(await create(alice, 'twice'), 'BAD_USER_INPUT');
    expect(error.message).toMatch(/twice/);
    expect(await namespaceNames(alice)).toEqual(namespacesBefore);
    expect(await auditLogs(alice)).toEqual(auditBefore);
  });
});

describe('permissions', () => {
  it('lets a customer without subscription have one namespace, and more once subscribed', async () => {
    const restricted = await createCustomer(server);
    await createdNamespace(restricted, 'first');
    const error = expectGraphQLError(await create(restricted, 'second'), 'FORBIDDEN');
    expect(error.message).toMatch(/subscri/i);
    expect(await namespaceNames(restricted)).toEqual(['first']);

    await restricted.subscribe('serverless-container');
    const { body } = await create(restricted, 'second');
    expect(body.data?.namespaceCreate).toMatchObject({ name: 'second', state: 'creating' });
  });

  it('refuses every namespace to a suspended customer', async () => {
    const suspended = await createCustomer(server, { subscriptions: ['serverless-container'] });
    await suspended.suspend('PAYMENT_ISSUES');
    const error = expectGraphQLError(await create(suspended, 'anything'), 'FORBIDDEN');
    expect(error.message).toMatch(/suspended/i);
    expect(await namespaceNames(suspended)).toEqual([]);
  });
});

describe('customers are isolated', () => {
  it("gives another customer's namespace as not found, by name and by id, and does not let it be deleted", async () => {
    const alice = await subscribedCustomer();
    const bob = await subscribedCustomer();
    const secret = await createdNamespace(alice, 'private-stuff');

    const byName = expectGraphQLError(
      await bob.gql(NAMESPACE_BY_NAME, { name: 'private-stuff' }),
      'NOT_FOUND',
    );
    expect(byName.message).toContain('not found');
    const byId = expectGraphQLError(await bob.gql(NAMESPACE_BY_ID, { id: secret.id }), 'NOT_FOUND');
    expect(byId.message).toContain('not found');
    const deleted = expectGraphQLError(
      await bob.gql(DELETE_NAMESPACE, { name: 'private-stuff' }),
      'NOT_FOUND',
    );
    expect(deleted.message).toContain('not found');
    expect(await namespaceNames(bob)).toEqual([]);

    // Indistinguishable from a namespace that does not exist at all.
    const missing = expectGraphQLError(
      await bob.gql(NAMESPACE_BY_NAME, { name: 'never-existed' }),
      'NOT_FOUND',
    );
    expect(missing.message.replace('never-existed', '<name>')).toBe(
      byName.message.replace('private-stuff', '<name>'),
    );
    const missingId = String(Number(secret.id) + 100_000);
    const missingById = expectGraphQLError(await bob.gql(NAMESPACE_BY_ID, { id: missingId }), 'NOT_FOUND');
    expect(missingById.message.replace(missingId, '<id>')).toBe(byId.message.replace(secret.id, '<id>'));

    // Alice's namespace is untouched.
    const still = await alice.data(NAMESPACE_BY_NAME, {
      name: 'private-stuff',
    });
    expect(still.namespace).toEqual(secret);
    // Bob may use the same name for his own namespace.
    const { body } = await create(bob, 'private-stuff');
    expect(body.data?.namespaceCreate.id).not.toBe(secret.id);
  });
});

describe('audit log', () => {
  it('records who created and deleted a namespace, with old and new values', async () => {
    const alice = await subscribedCustomer();
    const namespace = await createdNamespace(alice, 'audited');
    await alice.data(DELETE_NAMESPACE, { name: 'audited' });
    await waitUntilNamespaceGone(alice, 'audited');

    const entries = (await auditLogs(alice)).filter((entry) => entry.modelId === Number(namespace.id));
    const creation = entries.find((entry) => entry.eventType === 'create');
    const deletion = entries.find((entry) => entry.eventType === 'delete');
    expect(creation).toMatchObject({ modelName: 'Namespace', account: { email: alice.email } });
    expect(creation?.changeSet).toContainEqual({ name: 'name', oldValue: null, newValue: 'audited' });
    expect(deletion).toMatchObject({ modelName: 'Namespace', account: { email: alice.email } });
    expect(deletion?.changeSet).toContainEqual({ name: 'name', oldValue: 'audited', newValue: null });
    expect(Date.parse(deletion?.occurredAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(creation?.occurredAt ?? ''),
    );
  });

  it("gives another customer's audit log as not found", async () => {
    const alice = await subscribedCustomer();
    const bob = await subscribedCustomer();
    await createdNamespace(alice, 'alices');
    const error = expectGraphQLError(
      await bob.gql(AUDIT_LOGS, { customerId: String(alice.customerId) }),
      'NOT_FOUND',
    );
    expect(error.message).toContain('not found');
    expect(await auditLogs(bob)).toEqual([]);
  });
});
