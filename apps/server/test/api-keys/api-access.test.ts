import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/db/schema.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { expectGraphQLError, platformApi, REALM_PATH } from '../support/http.ts';
import { createdNamespace, namespaceNames } from '../support/namespaces.ts';
import { CREATE_NAMESPACE, NAMESPACE_BY_NAME } from '../support/queries.ts';
import { useServer } from '../support/server.ts';
import {
  CREATE_KEY,
  createKey,
  expire,
  inDays,
  keyToken,
  LIST_KEYS,
  REVOKE_KEY,
  type ListedKey,
} from './keys.ts';

// A key's tokens at the API: they act for the key's owner, within the key's scope. The server is the guard:
// a read-only key changes nothing, no key manages the sign-in, and a key revoked or expired stops at once,
// its earlier tokens with it.

const suite = useServer();
let owner: TestCustomer;
let other: TestCustomer;

beforeAll(async () => {
  owner = await createCustomer(suite.server, { name: 'Owner', subscriptions: ['serverless-container'] });
  other = await createCustomer(suite.server, { name: 'Other' });
  await createdNamespace(owner, 'owned');
  await createdNamespace(other, 'elsewhere');
});

/** The platform API with a fresh token of a new key of the owner. */
async function apiWithKey(scope: 'READ' | 'READ_WRITE', name: string) {
  const key = await createKey(owner, { name, scope });
  return { key, api: platformApi(suite.server.url, await keyToken(suite.server.url, key)) };
}

describe('a key with read and write scope', () => {
  it('reads and creates as its owner', async () => {
    const { api } = await apiWithKey('READ_WRITE', 'writer');
    const { account } = await api.data<{ account: { email: string } }>('{ account { email } }');
    expect(account.email).toBe(owner.email);
    expect(await namespaceNames(api)).toContain('owned');
    await api.data(CREATE_NAMESPACE, { name: 'made-by-key' });
    expect(await namespaceNames(owner)).toContain('made-by-key');
  });

  it('finds nothing of another customer', async () => {
    const { api } = await apiWithKey('READ_WRITE', 'curious');
    expectGraphQLError(await api.gql(NAMESPACE_BY_NAME, { name: 'elsewhere' }), 'NOT_FOUND');
    expect(await namespaceNames(api)).not.toContain('elsewhere');
  });

  it('cannot make or revoke keys, nor change the password', async () => {
    const { key, api } = await apiWithKey('READ_WRITE', 'no-admin');
    const create = await api.gql(CREATE_KEY, {
      name: 'escalated',
      scope: 'READ_WRITE',
      expiresAt: inDays(30),
    });
    expectGraphQLError(create, 'FORBIDDEN');
    expectGraphQLError(await api.gql(REVOKE_KEY, { id: key.apiKey.id }), 'FORBIDDEN');
    const password = await api.gql(
      'mutation { accountPasswordChange(currentPassword: "x", newPassword: "long-enough-1") }',
    );
    expectGraphQLError(password, 'FORBIDDEN');
    const { account } = await owner.data<{ account: { apiKeys: ListedKey[] } }>(LIST_KEYS);
    expect(account.apiKeys.map((listed) => listed.name)).not.toContain('escalated');
    expect(account.apiKeys.find((listed) => listed.id === key.apiKey.id)?.revokedAt).toBeNull();
  });
});

describe('a read-only key', () => {
  it('reads, but its changes are FORBIDDEN and change nothing', async () => {
    const { api } = await apiWithKey('READ', 'reader');
    expect(await namespaceNames(api)).toContain('owned');
    const refused = expectGraphQLError(await api.gql(CREATE_NAMESPACE, { name: 'not-made' }), 'FORBIDDEN');
    expect(refused.message).toMatch(/read only/);
    const deleted = await api.gql('mutation { namespaceDelete(namespace: { name: "owned" }) }');
    expectGraphQLError(deleted, 'FORBIDDEN');
    const names = await namespaceNames(owner);
    expect(names).toContain('owned');
    expect(names).not.toContain('not-made');
  });

  it('is refused the billing calls too', async () => {
    const key = await createKey(owner, { name: 'billing-reader', scope: 'READ' });
    const response = await fetch(`${suite.server.url}/billing/information/update`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await keyToken(suite.server.url, key)}`,
      },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });
});

describe('a key that ends', () => {
  it('stops its earlier tokens once revoked: 401', async () => {
    const { key, api } = await apiWithKey('READ_WRITE', 'short-lived');
    expect((await api.gql('{ account { id } }')).status).toBe(200);
    await owner.data(REVOKE_KEY, { id: key.apiKey.id });
    const after = await api.gql('{ account { id } }');
    expect(after.status).toBe(401);
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('stops its earlier tokens once expired: 401, at the API and at userinfo', async () => {
    const { key, api } = await apiWithKey('READ', 'expiring');
    const token = await keyToken(suite.server.url, key);
    await expire(suite.server, key.apiKey.id);
    expect((await api.gql('{ account { id } }')).status).toBe(401);
    const userinfo = await fetch(`${suite.server.url}${REALM_PATH}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(userinfo.status).toBe(401);
  });
});

describe('last use', () => {
  it('is recorded, at most once a minute', async () => {
    const { key, api } = await apiWithKey('READ', 'watched');
    const lastUsed = async () => {
      const db = suite.server.berth.database.db;
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.id, Number(key.apiKey.id)));
      return row?.lastUsedAt;
    };
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await api.data('{ account { id } }');
    await api.data('{ account { id } }');
    expect(await lastUsed()).toEqual(first);
    const listed = await owner.data<{ account: { apiKeys: ListedKey[] } }>(LIST_KEYS);
    const shown = listed.account.apiKeys.find((each) => each.id === key.apiKey.id);
    expect(Date.parse(shown?.lastUsedAt ?? '')).toBe(first?.getTime());
  });
});
