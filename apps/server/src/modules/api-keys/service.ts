import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_LIFETIME_MAX_DAYS,
  API_KEY_NAME_MAX,
  API_KEYS_PER_ACCOUNT,
  apiKeyExpiryProblem,
  apiKeyNameProblem,
} from '@berth/rules';
import type { Database } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import type { ApiKeyScope } from '../../db/schema.ts';
import { badInput, conflict, forbidden, notFound } from '../../errors.ts';
import { apiKeyCreatedMail } from '../accounts/mails.ts';
import { API_KEY_CLAIM } from '../accounts/service.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { recordChange } from '../audit/store.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { createApiKeyStore, LAST_USED_PRECISION_MS, type ApiKeyRow } from './store.ts';
import { scopeOfToken } from './token-scope.ts';

// API keys: client credentials of the OAuth client-credentials grant that act for the account that made
// them, within their scope. The secret is shown once; only its SHA-256 hash is kept (it is 256 random bits,
// so a fast hash is as good as a slow one). Each request with a key's token checks the key again, so a
// revoked or expired key stops at once, not when its tokens expire.

const MODEL_NAME = 'ApiKey';
const NAME_PROBLEMS = {
  empty: 'Enter a name for the key',
  'too-long': `Name is too long (${API_KEY_NAME_MAX} characters at most)`,
  'control-character': 'Name must not contain control characters',
} as const;
const EXPIRY_PROBLEMS = {
  past: 'The expiry must be in the future',
  'too-far': `A key expires within ${API_KEY_LIFETIME_MAX_DAYS} days`,
} as const;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();
const newClientId = () => `berth-key-${randomBytes(8).toString('hex')}`;
const newSecret = () => randomBytes(32).toString('base64url');

/** What the audit log keeps of a key: never its secret or hash. */
const audited = (key: ApiKeyRow) => ({
  name: key.name,
  clientId: key.clientId,
  scope: key.scope,
  expiresAt: key.expiresAt.toISOString(),
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

export interface ApiKeyInput {
  name: string;
  scope: ApiKeyScope;
  expiresAt: Date;
}

export function createApiKeys(deps: {
  database: Database;
  mail: MailOutbox;
  /** Keys belong to the built-in identity provider; with an external one (Keycloak) they are its business. */
  externalIssuer: boolean;
  clock?: () => Date;
}) {
  const { database, mail } = deps;
  const clock = deps.clock ?? (() => new Date());
  const store = createApiKeyStore(database.db);
  const isLive = (key: ApiKeyRow, now: Date) => key.revokedAt === null && key.expiresAt > now;

  /** Keys, like the password and two-factor, are managed by a person signed in, not with a key. */
  function requirePerson(account: AccountWithCustomer) {
    if (deps.externalIssuer)
      throw forbidden('Your sign-in is managed by your identity provider: make API keys there');
    if (account.apiKey)
      throw forbidden('API keys are managed when signed in as a person, not with an API key');
  }

  /** Records a use, at most once a minute per key: busy scripts do not write on every request. */
  async function touch(key: ApiKeyRow, now: Date) {
    if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
    await store.touch(key.id, now);
  }

  function validName(name: string) {
    const trimmed = name.trim();
    const problem = apiKeyNameProblem(trimmed);
    if (problem) throw badInput('name', NAME_PROBLEMS[problem]);
    return trimmed;
  }

  return {
    /** The account's keys (never their secrets); null where an external identity provider keeps sign-in. */
    async list(account: AccountWithCustomer): Promise<ApiKeyRow[] | null> {
      return deps.externalIssuer ? null : store.list(account.id, clock());
    },

    /** A new key and its secret, which is not kept and so is returned this once. */
    async create(account: AccountWithCustomer, input: ApiKeyInput) {
      requirePerson(account);
      const name = validName(input.name);
      const now = clock();
      const expiryProblem = apiKeyExpiryProblem(input.expiresAt, now);
      if (expiryProblem) throw badInput('expiresAt', EXPIRY_PROBLEMS[expiryProblem]);
      const clientSecret = newSecret();
      const apiKey = await database.db.transaction(async (tx) => {
        const keys = createApiKeyStore(tx);
        await keys.lockAccount(account.id);
        if (await keys.nameTaken(account.id, name))
          throw badInput('name', `You already have an API key named ${name}`);
        if ((await keys.countLive(account.id, now)) >= API_KEYS_PER_ACCOUNT)
          throw conflict(`You have ${API_KEYS_PER_ACCOUNT} API keys already: revoke one first`);
        const key = await keys.insert({
          accountId: account.id,
          name,
          clientId: newClientId(),
          secretHash: hashOf(clientSecret).toString('hex'),
          scope: input.scope,
          expiresAt: input.expiresAt,
        });
        await recordChange(tx, account, {
          eventType: 'create',
          modelName: MODEL_NAME,
          modelId: key.id,
          before: null,
          after: audited(key),
        });
        await mail.queue(tx, apiKeyCreatedMail(account, { ...key, readOnly: key.scope === 'READ' }, now));
        return key;
      });
      return { apiKey, clientSecret };
    },

    /** Revokes a key of the account: its secret and every token issued for it stop working at once. */
    async revoke(account: AccountWithCustomer, id: string) {
      requirePerson(account);
      const keyId = rowId(id);
      await database.db.transaction(async (tx) => {
        const keys = createApiKeyStore(tx);
        const before = keyId === undefined ? undefined : await keys.findById(keyId);
        if (keyId === undefined || before?.accountId !== account.id) throw notFound(`API key ${id}`);
        const revoked = await keys.revoke(account.id, keyId, clock());
        if (!revoked) return; // revoked already: nothing changes
        await recordChange(tx, account, {
          eventType: 'update',
          modelName: MODEL_NAME,
          modelId: keyId,
          before: audited(before),
          after: audited(revoked),
        });
      });
      return true;
    },

    /** The live key with these client credentials (a use of it), or undefined: the token endpoint's check. */
    async authenticateClient(clientId: string, clientSecret: string): Promise<ApiKeyRow | undefined> {
      const key = await store.findByClientId(clientId);
      const now = clock();
      // The hash is compared even for an unknown client id, so the time does not tell which ids exist.
      const expected = key ? Buffer.from(key.secretHash, 'hex') : hashOf('');
      const matches = timingSafeEqual(hashOf(clientSecret), expected) && key !== undefined;
      if (!matches || !isLive(key, now)) return undefined;
      await touch(key, now);
      return key;
    },

    /**
     * For a token of the account that names an API key: the key and what the request may do while the key is
     * live (a use of it); undefined once it is revoked or expired, or when it is not the account's.
     */
    async grantOf(
      accountId: number,
      claims: Record<string, unknown>,
    ): Promise<AccountWithCustomer['apiKey'] | undefined> {
      const keyId = Number(claims[API_KEY_CLAIM]);
      const key = Number.isSafeInteger(keyId) ? await store.findById(keyId) : undefined;
      const now = clock();
      if (!key || key.accountId !== accountId || !isLive(key, now)) return undefined;
      await touch(key, now);
      return { id: key.id, scope: scopeOfToken(key.scope, claims.scope) };
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
