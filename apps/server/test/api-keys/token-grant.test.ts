import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { jwtClaims, OIDC_PATH } from '../support/http.ts';
import { useServer } from '../support/server.ts';
import { clientCredentials, createKey, expire, REVOKE_KEY } from './keys.ts';

// The token endpoint's client-credentials grant for API keys, as OAuth libraries call it: the key's client id
// and secret in the form or in Basic authentication; refused as invalid_client otherwise.

const suite = useServer();
let owner: TestCustomer;
let key: Awaited<ReturnType<typeof createKey>>;
const credentials = () => ({ clientId: key.apiKey.clientId, clientSecret: key.clientSecret });

beforeAll(async () => {
  owner = await createCustomer(suite.server, { name: 'Olga' });
  key = await createKey(owner, { name: 'deploys' });
});

describe('client-credentials grant', () => {
  it('gives a token for the secret in the form, acting for the owner within the key', async () => {
    expect(key.apiKey.clientId).toMatch(/^berth-key-[0-9a-f]{16}$/);
    const { status, headers, body } = await clientCredentials(suite.server.url, credentials());
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'read write', expires_in: expect.any(Number) });
    expect(body.refresh_token).toBeUndefined();
    expect(jwtClaims(body.access_token ?? '')).toMatchObject({
      sub: String(owner.accountId),
      azp: key.apiKey.clientId,
      client_id: key.apiKey.clientId,
      scope: 'read write',
      api_key: Number(key.apiKey.id),
      aud: 'berth-platform',
    });
  });

  it('takes the secret in Basic authentication too', async () => {
    const { status, body } = await clientCredentials(suite.server.url, credentials(), { basic: true });
    expect(status).toBe(200);
    expect(body.access_token).toEqual(expect.any(String));
  });

  it('narrows to the scope asked for, never widens', async () => {
    const read = await clientCredentials(suite.server.url, credentials(), { scope: 'read' });
    expect(read.body.scope).toBe('read');
    const readOnly = await createKey(owner, { name: 'reports', scope: 'READ' });
    const wider = await clientCredentials(
      suite.server.url,
      { clientId: readOnly.apiKey.clientId, clientSecret: readOnly.clientSecret },
      { scope: 'read write' },
    );
    expect(wider).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });

  it('refuses a wrong secret or an unknown client as invalid_client', async () => {
    const wrong = await clientCredentials(suite.server.url, { ...credentials(), clientSecret: 'not-it' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const basic = await clientCredentials(
      suite.server.url,
      { ...credentials(), clientSecret: 'not-it' },
      { basic: true },
    );
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBe('Basic realm="berth"');
    const unknown = await clientCredentials(suite.server.url, {
      clientId: 'berth-key-0000000000000000',
      clientSecret: key.clientSecret,
    });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const missing = await clientCredentials(suite.server.url, {
      clientId: key.apiKey.clientId,
      clientSecret: '',
    });
    expect(missing).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('wants one way of authenticating, not two', async () => {
    const pair = Buffer.from(`${key.apiKey.clientId}:${key.clientSecret}`).toString('base64');
    const response = await fetch(`${suite.server.url}${OIDC_PATH}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${pair}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_secret: key.clientSecret }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a revoked or an expired key as invalid_client', async () => {
    const revoked = await createKey(owner, { name: 'revoked' });
    await owner.data(REVOKE_KEY, { id: revoked.apiKey.id });
    const afterRevoke = await clientCredentials(suite.server.url, {
      clientId: revoked.apiKey.clientId,
      clientSecret: revoked.clientSecret,
    });
    expect(afterRevoke).toMatchObject({ status: 401, body: { error: 'invalid_client' } });

    const expired = await createKey(owner, { name: 'expired' });
    await expire(suite.server, expired.apiKey.id);
    const afterExpiry = await clientCredentials(suite.server.url, {
      clientId: expired.apiKey.clientId,
      clientSecret: expired.clientSecret,
    });
    expect(afterExpiry).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('leaves the other grants to the identity provider', async () => {
    const response = await fetch(`${suite.server.url}${OIDC_PATH}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'berth-cli',
        username: owner.email,
        password: owner.password,
      }),
    });
    expect(response.status).toBe(200);
  });
});
