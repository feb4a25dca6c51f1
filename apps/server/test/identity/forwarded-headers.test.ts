import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationQuery, Browser, expectPage, pkce } from '../support/browser.ts';
import { createCustomer, uniqueEmail } from '../support/customers.ts';
import { OIDC_PATH, REALM_PATH } from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';

// X-Forwarded-* name the caller's address, host and scheme only when TRUST_PROXY says a proxy sets them;
// otherwise any client could pick its own address (escaping the per-address sign-in block) or rewrite
// the endpoints discovery publishes.

const ADDRESS_LIMIT = 20;
let addresses = 0;
/** An address no attempt of this file used before. */
const freshAddress = () => `10.11.${Math.floor(++addresses / 256)}.${addresses % 256}`;
const FORWARDED_ORIGIN = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

type Attempt = (server: TestServer, forwardedFor: string) => Promise<number>;

/** A password grant from the forwarded address; answers the status. */
async function signIn(
  server: TestServer,
  forwardedFor: string,
  account: { email: string; password: string },
) {
  const response = await fetch(`${server.url}${OIDC_PATH}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'berth-cli',
      username: account.email,
      password: account.password,
    }),
  });
  await response.body?.cancel();
  return response.status;
}

/** A wrong password for a new unknown account (so only the address block can apply), on the token endpoint. */
const passwordGrant: Attempt = (server, forwardedFor) =>
  signIn(server, forwardedFor, { email: uniqueEmail('guess'), password: 'guessed-password' });

/** The same on the sign-in form of one interaction. */
function signInForm(): Attempt {
  let form: { browser: Browser; action: string } | undefined;
  return async (server, forwardedFor) => {
    if (!form) {
      const browser = new Browser(server.url);
      const page = expectPage(
        await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(server.url, pkce()).toString()}`),
      );
      form = { browser, action: `${page.url.pathname}/login` };
    }
    const response = await fetch(new URL(form.action, server.url), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: form.browser.jar.header(),
        'x-forwarded-for': forwardedFor,
      },
      body: new URLSearchParams({ email: uniqueEmail('guess'), password: 'guessed-password' }),
    });
    await response.body?.cancel();
    return response.status;
  };
}

async function discovery(server: TestServer) {
  const response = await fetch(`${server.url}${REALM_PATH}/.well-known/openid-configuration`, {
    headers: FORWARDED_ORIGIN,
  });
  expect(response.status).toBe(200);
  const document = (await response.json()) as Record<string, unknown>;
  const endpoints = Object.entries(document).filter(
    (entry): entry is [string, string] => /_endpoint$|_uri$/.test(entry[0]) && typeof entry[1] === 'string',
  );
  expect(endpoints.map(([name]) => name)).toEqual(
    expect.arrayContaining(['authorization_endpoint', 'token_endpoint', 'jwks_uri']),
  );
  return Object.fromEntries(endpoints);
}

const paths: [string, () => Attempt][] = [
  ['the password grant', () => passwordGrant],
  ['the sign-in form', signInForm],
];

describe('with TRUST_PROXY=false', () => {
  // A server per path: the block reached on one would refuse the other's attempts from the start.
  const servers: TestServer[] = [];
  beforeAll(async () => {
    servers.push(...(await Promise.all(paths.map(() => startServer({ TRUST_PROXY: 'false' })))));
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it.each(paths.map((path, index) => [...path, index] as const))(
    `blocks the connection's address on %s after ${ADDRESS_LIMIT} failures, whatever X-Forwarded-For says`,
    async (_path, makeAttempt, index) => {
      const server = servers[index] as TestServer;
      const attempt = makeAttempt();
      const statuses: number[] = [];
      for (let n = 0; n < ADDRESS_LIMIT + 3; n++) statuses.push(await attempt(server, freshAddress()));
      expect(statuses.slice(0, ADDRESS_LIMIT).every((status) => status === 400 || status === 401)).toBe(true);
      expect(statuses.slice(ADDRESS_LIMIT)).toEqual([429, 429, 429]);
    },
  );

  it('publishes its own endpoints in discovery, whatever X-Forwarded-Host and -Proto say', async () => {
    const server = servers[0] as TestServer;
    const endpoints = await discovery(server);
    for (const [name, url] of Object.entries(endpoints)) {
      expect(url, name).toMatch(new RegExp(`^${server.url}${REALM_PATH}/`));
    }
  });
});

describe('with TRUST_PROXY=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  it.each(paths)('counts failures on %s per forwarded address', async (_path, makeAttempt) => {
    const attempt = makeAttempt();
    // Each from its own address: none reaches the limit.
    for (let n = 0; n < ADDRESS_LIMIT + 3; n++)
      expect([400, 401]).toContain(await attempt(server, freshAddress()));
    // All from one address: that address is blocked, another is not.
    const address = freshAddress();
    for (let n = 0; n < ADDRESS_LIMIT; n++) expect([400, 401]).toContain(await attempt(server, address));
    expect(await attempt(server, address)).toBe(429);
    expect([400, 401]).toContain(await attempt(server, freshAddress()));
  });

  it(`checks at most ${ADDRESS_LIMIT} passwords from one address however many attempts arrive at once`, async () => {
    const address = freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT + 10 }, () => passwordGrant(server, address)),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(ADDRESS_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('does not count a successful sign-in against its address', async () => {
    const customer = await createCustomer(server);
    const address = freshAddress();
    for (let n = 1; n < ADDRESS_LIMIT; n++) expect(await passwordGrant(server, address)).toBe(400);
    // The last attempt before the limit signs in; it leaves the address one failure short of a block.
    expect(await signIn(server, address, customer)).toBe(200);
    expect(await passwordGrant(server, address)).toBe(400);
    expect(await passwordGrant(server, address)).toBe(429);
  });

  it('publishes the forwarded host and scheme in discovery', async () => {
    const endpoints = await discovery(server);
    expect(endpoints.token_endpoint).toBe(`https://attacker.example${OIDC_PATH}/token`);
    for (const [name, url] of Object.entries(endpoints)) {
      expect(url, name).toMatch(new RegExp(`^https://attacker\\.example${REALM_PATH}/`));
    }
  });
});
