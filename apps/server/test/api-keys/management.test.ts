import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_PER_ACCOUNT } from '@berth/rules';
import { apiKeys } from '../../src/db/schema.ts';
import { createApiKeys } from '../../src/modules/api-keys/service.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { useServer } from '../support/server.ts';
import { CREATE_KEY, createKey, inDays, LIST_KEYS, REVOKE_KEY, type ListedKey } from './keys.ts';

// Making, listing and revoking keys on the account page's calls: checked with the field named, the secret
// returned once and kept only as a hash, every creation and revocation audited, and the owner told by mail.

const suite = useServer();
let owner: TestCustomer;

beforeAll(async () => {
  owner = await createCustomer(suite.server, { name: 'Keeper' });
});

const listed = async (customer = owner) =>
  (await customer.data<{ account: { apiKeys: ListedKey[] } }>(LIST_KEYS)).account.apiKeys;

const AUDIT = `query ($customerId: ID!) {
  auditLogs(customerId: $customerId, filter: { eventTypes: [], modelNames: ["ApiKey"] }) {
    eventType modelId tags changeSet { name oldValue newValue }
  }
}`;
interface AuditEntry {
  eventType: string;
  modelId: number;
  tags: string[];
  changeSet: { name: string; oldValue: string | null; newValue: string | null }[];
}

describe('creating a key', () => {
  it('returns the secret this once; the list and the database never hold it', async () => {
    const created = await createKey(owner, { name: 'Deploy from CI', scope: 'READ', days: 90 });
    expect(created.apiKey).toMatchObject({
      name: 'Deploy from CI',
      scope: 'READ',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.clientSecret.length).toBeGreaterThanOrEqual(43);
    expect(Date.parse(created.apiKey.expiresAt) - Date.now()).toBeGreaterThan(89 * 24 * 3600_000);
    expect(await listed()).toContainEqual(created.apiKey);
    const asked = await owner.gql('{ account { apiKeys { clientSecret } } }');
    expect(asked.body.errors?.[0]?.message).toMatch(/clientSecret/);
    const [row] = await suite.server.berth.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, Number(created.apiKey.id)));
    expect(JSON.stringify(row)).not.toContain(created.clientSecret);
  });

  it('is audited and mailed to the owner, without the secret', async () => {
    const created = await createKey(owner, { name: 'audited' });
    const { auditLogs } = await owner.data<{ auditLogs: AuditEntry[] }>(AUDIT, {
      customerId: String(owner.customerId),
    });
    const entry = auditLogs.find((each) => each.modelId === Number(created.apiKey.id));
    expect(entry).toMatchObject({ eventType: 'create', tags: ['name:audited'] });
    expect(entry?.changeSet).toContainEqual({
      name: 'clientId',
      oldValue: null,
      newValue: created.apiKey.clientId,
    });
    expect(JSON.stringify(auditLogs)).not.toContain(created.clientSecret);
    const mail = (await suite.server.services.mail.recent(50)).find(
      (each) => each.recipient === owner.email && each.textBody?.includes(created.apiKey.clientId),
    );
    expect(mail).toMatchObject({ kind: 'api-key-created', subject: 'A new API key was created · Berth' });
    expect(`${mail?.textBody ?? ''}${mail?.htmlBody ?? ''}`).not.toContain(created.clientSecret);
  });

  it('names the field of what is wrong, and makes nothing', async () => {
    const attempt = (variables: Record<string, unknown>) =>
      owner.gql(CREATE_KEY, { name: 'valid', scope: 'READ', expiresAt: inDays(30), ...variables });
    const field = async (variables: Record<string, unknown>) =>
      expectGraphQLError(await attempt(variables), 'BAD_USER_INPUT').extensions?.field;
    const before = (await listed()).length;
    expect(await field({ name: '   ' })).toBe('name');
    expect(await field({ name: 'x'.repeat(101) })).toBe('name');
    expect(await field({ expiresAt: inDays(-1) })).toBe('expiresAt');
    expect(await field({ expiresAt: inDays(400) })).toBe('expiresAt');
    expectGraphQLError(await attempt({ scope: 'ADMIN' }), 'BAD_USER_INPUT');
    await createKey(owner, { name: 'unique' });
    const duplicate = expectGraphQLError(await attempt({ name: 'UNIQUE' }), 'BAD_USER_INPUT');
    expect(duplicate).toMatchObject({ extensions: { field: 'name' } });
    expect((await listed()).length).toBe(before + 1);
  });

  it(`holds an account to ${API_KEYS_PER_ACCOUNT} live keys`, async () => {
    const busy = await createCustomer(suite.server, { name: 'Busy' });
    for (let index = 0; index < API_KEYS_PER_ACCOUNT; index++)
      await createKey(busy, { name: `key-${index}` });
    const refused = await busy.gql(CREATE_KEY, { name: 'one-more', scope: 'READ', expiresAt: inDays(7) });
    expect(expectGraphQLError(refused, 'CONFLICT').message).toMatch(/revoke one first/);
    await busy.data(REVOKE_KEY, { id: (await listed(busy))[0]?.id });
    await createKey(busy, { name: 'one-more' });
  });
});

describe('revoking a key', () => {
  it('marks it revoked, frees its name, and is audited', async () => {
    const created = await createKey(owner, { name: 'to-revoke' });
    expect(await owner.data(REVOKE_KEY, { id: created.apiKey.id })).toEqual({ accountApiKeyRevoke: true });
    // Revoking again changes nothing.
    expect(await owner.data(REVOKE_KEY, { id: created.apiKey.id })).toEqual({ accountApiKeyRevoke: true });
    const shown = (await listed()).find((key) => key.id === created.apiKey.id);
    expect(Date.parse(shown?.revokedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await createKey(owner, { name: 'to-revoke' });
    const { auditLogs } = await owner.data<{ auditLogs: AuditEntry[] }>(AUDIT, {
      customerId: String(owner.customerId),
    });
    const updates = auditLogs.filter(
      (entry) => entry.modelId === Number(created.apiKey.id) && entry.eventType === 'update',
    );
    expect(updates).toHaveLength(1);
    expect(updates[0]?.changeSet).toEqual([
      { name: 'revokedAt', oldValue: null, newValue: shown?.revokedAt ? expect.any(String) : null },
    ]);
  });

  it("finds no key of another customer's: NOT_FOUND", async () => {
    const created = await createKey(owner, { name: 'not-yours' });
    const stranger = await createCustomer(suite.server, { name: 'Stranger' });
    expectGraphQLError(await stranger.gql(REVOKE_KEY, { id: created.apiKey.id }), 'NOT_FOUND');
    expectGraphQLError(await stranger.gql(REVOKE_KEY, { id: 'nonsense' }), 'NOT_FOUND');
    expect((await listed()).find((key) => key.id === created.apiKey.id)?.revokedAt).toBeNull();
    expect(await listed(stranger)).toEqual([]);
  });
});

describe('with an external identity provider', () => {
  it('lists no keys and makes none: they are the provider’s', async () => {
    const { services, berth } = suite.server;
    const external = createApiKeys({ database: berth.database, mail: services.mail, externalIssuer: true });
    const account = await services.accounts.findById(owner.accountId);
    if (!account) throw new Error('the owner has no account');
    expect(await external.list(account)).toBeNull();
    await expect(
      external.create(account, { name: 'elsewhere', scope: 'READ', expiresAt: new Date(inDays(7)) }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
