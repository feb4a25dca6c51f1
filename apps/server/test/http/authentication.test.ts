import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JWK } from 'jose';
import { graphql } from '../generated/gql.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { platformApi } from '../support/http.ts';
import { namespaceNames } from '../support/namespaces.ts';
import { CREATE_NAMESPACE } from '../support/queries.ts';
import { startServer, type TestServer } from '../support/server.ts';
import {
  forgerKey,
  nowSeconds,
  serverSigningKey,
  signAccessToken,
  type AccessTokenClaims,
} from '../support/tokens.ts';

const ACCOUNT_EMAIL = graphql(`
  query AccountEmail {
    account {
      email
    }
  }
`);

let server: TestServer;
let alice: TestCustomer;
let realKey: JWK;

beforeAll(async () => {
  server = await startServer();
  // Subscribed, so every namespaceCreate that ran would leave a namespace behind.
  alice = await createCustomer(server, { subscriptions: ['serverless-container'] });
  realKey = await serverSigningKey(server.berth.database.db);
});
afterAll(() => server.close());

/** Claims of a token the API would accept: right subject, issuer, audience, an hour to live. */
const validClaims = (): AccessTokenClaims => ({
  sub: String(alice.accountId),
  iss: `${server.url}/realms/berth`,
  aud: 'berth-platform',
  exp: nowSeconds() + 3600,
});

describe('the platform API without a valid token', () => {
  it('accepts a token signed with the server key (the control for the cases below)', async () => {
    const token = await signAccessToken(realKey, validClaims());
    const { status, body } = await platformApi(server.url, token).gql(ACCOUNT_EMAIL);
    expect(status).toBe(200);
    expect(body.data?.account?.email).toBe(alice.email);
  });

  const cases: [string, () => Promise<string | undefined>][] = [
    ['no token', async () => undefined],
    [
      'a forged token (another key)',
      async () => signAccessToken(await forgerKey(realKey.kid), validClaims()),
    ],
    ['an expired token', async () => signAccessToken(realKey, { ...validClaims(), exp: nowSeconds() - 120 })],
    [
      'a token for another audience',
      async () => signAccessToken(realKey, { ...validClaims(), aud: 'another-service' }),
    ],
    [
      'a token of another issuer',
      async () =>
        signAccessToken(realKey, { ...validClaims(), iss: 'https://elsewhere.example/realms/berth' }),
    ],
    ['a token that is not a JWT', async () => 'not-a-jwt'],
  ];

  it.each(cases)('answers 401 and executes nothing for %s', async (_case, makeToken) => {
    const token = await makeToken();
    const name = `unauth-${Math.random().toString(36).slice(2, 8)}`;
    const { status, headers, body } = await platformApi(server.url, token).gql(CREATE_NAMESPACE, { name });
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await namespaceNames(alice)).not.toContain(name);
  });

  it('answers 401 to a GET query without a token too', async () => {
    const response = await fetch(
      `${server.url}/graphql/platform?query=${encodeURIComponent('{ account { email } }')}`,
    );
    expect(response.status).toBe(401);
  });
});
