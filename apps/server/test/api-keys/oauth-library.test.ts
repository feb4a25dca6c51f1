import * as oauth from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { platformApi, REALM_PATH } from '../support/http.ts';
import { useServer } from '../support/server.ts';
import { createKey } from './keys.ts';

// An API key with an OAuth library as scripts use one (openid-client): discovery at the realm's issuer, then
// the client-credentials grant with the secret in the form or in Basic authentication; the token works at
// the API. A wrong secret is refused as invalid_client.

const suite = useServer();
let owner: TestCustomer;
let key: Awaited<ReturnType<typeof createKey>>;

beforeAll(async () => {
  owner = await createCustomer(suite.server, { name: 'Library User' });
  key = await createKey(owner, { name: 'library', scope: 'READ' });
});

/** The library configured from the issuer's discovery, authenticating with the key as `method` says. */
const configure = (method: typeof oauth.ClientSecretPost, secret = key.clientSecret) =>
  oauth.discovery(
    new URL(`${suite.server.url}${REALM_PATH}`),
    key.apiKey.clientId,
    undefined,
    method(secret),
    // The test server speaks plain HTTP on the loopback.
    { execute: [oauth.allowInsecureRequests] },
  );

describe('an OAuth library', () => {
  it.each([
    ['client_secret_post', oauth.ClientSecretPost],
    ['client_secret_basic', oauth.ClientSecretBasic],
  ])('gets a token with %s that the API takes', async (_method, method) => {
    const tokens = await oauth.clientCredentialsGrant(await configure(method));
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'read' });
    const { account } = await platformApi(suite.server.url, tokens.access_token).data<{
      account: { email: string };
    }>('{ account { email } }');
    expect(account.email).toBe(owner.email);
  });

  it('is told invalid_client for a wrong secret, with the Basic challenge RFC 6749 asks for', async () => {
    const config = await configure(oauth.ClientSecretBasic, 'not-the-secret');
    const refused: unknown = await oauth.clientCredentialsGrant(config).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const { status, response } = refused as oauth.WWWAuthenticateChallengeError;
    expect(status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });
});
