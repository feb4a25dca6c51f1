import { beforeAll, describe, expect, it } from 'vitest';
import { CREATE_KEY, inDays } from '../api-keys/keys.ts';
import {
  authorizationQuery,
  Browser,
  callbackUrl,
  expectCode,
  expectPage,
  pkce,
  PORTAL_CLIENT,
} from '../support/browser.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { gqlData, jwtClaims } from '../support/http.ts';
import { useServer } from '../support/server.ts';
import { ACCOUNT } from './setup.ts';

// What clients written for Keycloak read in access tokens and token answers, on a server whose realm and
// command-line client id are those such a client hard-codes (the realm in mixed case, as Keycloak allows).

const REALM = 'Acme';
const CLI_CLIENT_ID = 'acme-cli';
const OIDC = `/realms/${REALM}/protocol/openid-connect`;
const REALM_ACCESS = { roles: ['default-roles-acme', 'offline_access', 'uma_authorization'] };

const suite = useServer({ REALM, CLI_CLIENT_ID });
let alice: TestCustomer;

beforeAll(async () => {
  alice = await createCustomer(suite.server, { name: 'Alice' });
});

type Answer = Record<string, unknown> & { access_token: string; refresh_token?: string };

/** A successful token-endpoint answer to this form; fails the test otherwise. */
async function tokens(form: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${suite.server.url}${OIDC}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as Answer;
  if (response.status !== 200) throw new Error(`HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const jwtHeader = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The portal's sign-in in this realm: authorization request, sign-in form, code exchange. */
async function portalTokens() {
  const origin = suite.server.url;
  const challenge = pkce();
  const browser = new Browser(origin);
  const form = expectPage(
    await browser.get(`${OIDC}/auth?${authorizationQuery(origin, challenge).toString()}`),
  );
  const landing = await browser.post(`${form.url.pathname}/login`, {
    email: alice.email,
    password: alice.password,
  });
  return tokens({
    grant_type: 'authorization_code',
    client_id: PORTAL_CLIENT,
    code: expectCode(landing),
    redirect_uri: callbackUrl(origin),
    code_verifier: challenge.verifier,
  });
}

const passwordTokens = () =>
  tokens({
    grant_type: 'password',
    client_id: CLI_CLIENT_ID,
    username: alice.email,
    password: alice.password,
  });

const refreshed = (clientId: string, refreshToken: string | undefined) =>
  tokens({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken ?? '' });

/** Asserts what every access token of an account carries, and that the API takes it. */
async function expectAccountToken(token: string, clientId: string) {
  expect(jwtHeader(token)).toMatchObject({ typ: 'JWT', alg: 'RS256' });
  const claims = jwtClaims(token);
  expect(claims).toMatchObject({
    iss: `${suite.server.url}/realms/${REALM}`,
    sub: String(alice.accountId),
    typ: 'Bearer',
    azp: clientId,
    preferred_username: alice.email,
    email: alice.email,
    realm_access: REALM_ACCESS,
  });
  expect(JSON.stringify(claims)).not.toContain(alice.password);
  const data = await gqlData<{ account: { email: string } }>(suite.server.url, token, ACCOUNT);
  expect(data.account.email).toBe(alice.email);
  return claims;
}

describe('Keycloak token facts', () => {
  it("the portal's code flow: the session in the token's sid and the answer's session_state", async () => {
    const answer = await portalTokens();
    const claims = await expectAccountToken(answer.access_token, PORTAL_CLIENT);
    expect(claims.sid).toEqual(expect.any(String));
    expect(answer).toMatchObject({ session_state: claims.sid, 'not-before-policy': 0 });

    const again = await refreshed(PORTAL_CLIENT, answer.refresh_token);
    const refreshedClaims = await expectAccountToken(again.access_token, PORTAL_CLIENT);
    expect(refreshedClaims.sid).toBe(claims.sid);
    expect(again).toMatchObject({ session_state: claims.sid, 'not-before-policy': 0 });
  });

  it("the command-line client's password grant and refresh, under its configured client id", async () => {
    const answer = await passwordTokens();
    await expectAccountToken(answer.access_token, CLI_CLIENT_ID);
    expect(answer['not-before-policy']).toBe(0);
    // The password grant opens no browser session (the account page's sessions), so names none.
    expect(answer.session_state).toBeUndefined();

    const again = await refreshed(CLI_CLIENT_ID, answer.refresh_token);
    await expectAccountToken(again.access_token, CLI_CLIENT_ID);
    expect(again['not-before-policy']).toBe(0);
  });

  it("an API key's client-credentials token is a service account's", async () => {
    const { access_token: ownerToken } = await passwordTokens();
    const { accountApiKeyCreate: key } = await gqlData<{
      accountApiKeyCreate: { apiKey: { id: string; clientId: string }; clientSecret: string };
    }>(suite.server.url, ownerToken, CREATE_KEY, { name: 'ci', scope: 'READ', expiresAt: inDays(30) });
    const answer = await tokens({
      grant_type: 'client_credentials',
      client_id: key.apiKey.clientId,
      client_secret: key.clientSecret,
    });
    expect(answer['not-before-policy']).toBe(0);
    expect(answer.session_state).toBeUndefined();
    expect(jwtHeader(answer.access_token)).toMatchObject({ typ: 'JWT', alg: 'RS256' });
    const claims = jwtClaims(answer.access_token);
    expect(claims).toMatchObject({
      typ: 'Bearer',
      azp: key.apiKey.clientId,
      preferred_username: `service-account-${key.apiKey.clientId}`,
      realm_access: REALM_ACCESS,
    });
    expect(claims.sid).toBeUndefined();
    expect(claims.email).toBeUndefined();
    expect(JSON.stringify(claims)).not.toContain(key.clientSecret);
    const data = await gqlData<{ account: { email: string } }>(
      suite.server.url,
      answer.access_token,
      ACCOUNT,
    );
    expect(data.account.email).toBe(alice.email);
  });
});
