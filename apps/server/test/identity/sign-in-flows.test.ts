import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/modules/accounts/passwords.ts';
import { createSignInThrottle } from '../../src/identity/throttle.ts';
import { createAccountService } from '../../src/modules/accounts/service.ts';
import { createAccountStore } from '../../src/modules/accounts/store.ts';
import {
  authorizationQuery,
  Browser,
  expectCode,
  expectPage,
  exchangeCode,
  pkce,
  signInWithCode,
} from '../support/browser.ts';
import { createCustomer, uniqueEmail, type TestCustomer } from '../support/customers.ts';
import {
  gqlData,
  jwtClaims,
  OIDC_PATH,
  REALM_PATH,
  passwordGrant,
  refreshGrant,
  tokenFor,
  umaPermissions,
} from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let alice: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  alice = await createCustomer(server, { name: 'Alice' });
});
afterAll(() => server.close());

const ACCOUNT = '{ account { id email name } }';

describe('password grant (command-line client)', () => {
  it('answers tokens for the API audience', async () => {
    const { status, body } = await passwordGrant(server.url, alice.email, alice.password);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      access_token: expect.any(String),
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
      refresh_expires_in: expect.any(Number),
      token_type: 'Bearer',
    });
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.refresh_expires_in).toBeGreaterThan(0);
    const claims = jwtClaims(body.access_token);
    expect(claims.aud).toBe('berth-platform');
    expect(claims.sub).toBe(String(alice.accountId));
    expect(claims.iss).toBe(`${server.url}/realms/berth`);
    // The API accepts it.
    const data = await gqlData<{ account: { email: string } }>(server.url, body.access_token, ACCOUNT);
    expect(data.account.email).toBe(alice.email);
  });

  it('refuses a wrong password with invalid_grant', async () => {
    const { status, body } = await passwordGrant(server.url, alice.email, `${alice.password}-wrong`);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
    expect(body.access_token).toBeUndefined();
  });

  it('refuses an unknown account the same way', async () => {
    const { status, body } = await passwordGrant(server.url, uniqueEmail('nobody'), 'whatever-password');
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('rotates refresh tokens: the new one works, the old one is rejected', async () => {
    const first = await tokenFor(server.url, alice.email, alice.password);
    const refreshed = await refreshGrant(server.url, first.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.body.refresh_expires_in).toBeGreaterThan(0);
    expect(jwtClaims(refreshed.body.access_token).aud).toBe('berth-platform');
    const data = await gqlData<{ account: { email: string } }>(
      server.url,
      refreshed.body.access_token,
      ACCOUNT,
    );
    expect(data.account.email).toBe(alice.email);

    const replayed = await refreshGrant(server.url, first.refresh_token);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe('invalid_grant');
  });
});

describe('authorization code flow with PKCE (portal)', () => {
  it('signs in through the form and exchanges the code with the S256 verifier', async () => {
    const challenge = pkce();
    const browser = new Browser(server.url);
    const form = expectPage(
      await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(server.url, challenge).toString()}`),
    );
    expect(form.redirects).toEqual([
      { status: 303, location: expect.stringMatching(/\/realms\/berth\/interaction\/[\w-]+$/) },
    ]);
    const landing = await browser.post(`${form.url.pathname}/login`, {
      email: alice.email,
      password: alice.password,
    });
    // The form's POST answers 303 (the browser then GETs), back to auth, then to the client's redirect_uri.
    expect(landing.redirects.map((redirect) => redirect.status)).toEqual([303, 303]);
    expect(landing.redirects[0]?.location).toContain('/realms/berth/protocol/openid-connect/auth/');
    const code = expectCode(landing);
    const { status, body } = await exchangeCode(server.url, code, challenge.verifier);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      refresh_token: expect.any(String),
      refresh_expires_in: expect.any(Number),
    });
    const accessToken = String(body.access_token);
    expect(jwtClaims(accessToken).aud).toBe('berth-platform');
    const data = await gqlData<{ account: { email: string } }>(server.url, accessToken, ACCOUNT);
    expect(data.account.email).toBe(alice.email);
  });

  it('shows the sign-in form, and the error in it for a wrong password', async () => {
    const browser = new Browser(server.url);
    const form = expectPage(
      await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(server.url, pkce()).toString()}`),
    );
    expect(form.status).toBe(200);
    expect(form.url.pathname).toMatch(/^\/realms\/berth\/interaction\/[\w-]+$/);
    expect(form.html).toContain('<form');
    expect(form.html).toContain('name="password"');

    const wrong = expectPage(
      await browser.post(`${form.url.pathname}/login`, { email: alice.email, password: 'not-the-password' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Invalid email or password');
    // The same interaction still signs in with the right password.
    expectCode(
      await browser.post(`${form.url.pathname}/login`, { email: alice.email, password: alice.password }),
    );
  });

  it('rejects code_challenge_method=plain', async () => {
    const challenge = pkce();
    const browser = new Browser(server.url);
    const query = authorizationQuery(server.url, challenge, {
      code_challenge: challenge.verifier,
      code_challenge_method: 'plain',
    });
    const description = expectRejectedAuthorization(
      await browser.get(`${OIDC_PATH}/auth?${query.toString()}`),
    );
    expect(description).toMatch(/code_challenge_method/);
  });

  it('rejects an authorization request without code_challenge', async () => {
    const browser = new Browser(server.url);
    const query = authorizationQuery(server.url, pkce(), {
      code_challenge: undefined,
      code_challenge_method: undefined,
    });
    const description = expectRejectedAuthorization(
      await browser.get(`${OIDC_PATH}/auth?${query.toString()}`),
    );
    expect(description).toMatch(/PKCE/);
  });

  it('answers invalid_grant for a wrong code_verifier, and for none', async () => {
    const { code } = await signInWithCode(server.url, alice.email, alice.password);
    const wrong = await exchangeCode(server.url, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.body.access_token).toBeUndefined();

    const second = await signInWithCode(server.url, alice.email, alice.password);
    const missing = await exchangeCode(server.url, second.code, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.access_token).toBeUndefined();
  });
});

/** An authorization request the provider refuses: an invalid_request error back to the client, never a code. */
function expectRejectedAuthorization(landing: Awaited<ReturnType<Browser['get']>>) {
  if (landing.kind !== 'callback') throw new Error(`expected an error redirect, got HTTP ${landing.status}`);
  expect(landing.url.searchParams.get('code')).toBeNull();
  expect(landing.url.searchParams.get('error')).toBe('invalid_request');
  return landing.url.searchParams.get('error_description');
}

describe('sign-up form', () => {
  const registrations = (browser: Browser) =>
    browser.get(`${OIDC_PATH}/registrations?${authorizationQuery(browser.origin, pkce()).toString()}`);

  it('shows the sign-up form for the query of auth, creates the account and continues with a code', async () => {
    const browser = new Browser(server.url);
    const challenge = pkce();
    const form = expectPage(
      await browser.get(`${OIDC_PATH}/registrations?${authorizationQuery(server.url, challenge).toString()}`),
    );
    expect(form.status).toBe(200);
    expect(form.html).toContain('Create account');
    expect(form.html).toContain('name="passwordConfirm"');

    const email = uniqueEmail('signup');
    const landing = await browser.post(`${form.url.pathname}/register`, {
      name: 'Sam Signup',
      email,
      password: 'a-good-password',
      passwordConfirm: 'a-good-password',
    });
    const tokens = await exchangeCode(server.url, expectCode(landing), challenge.verifier);
    expect(tokens.status).toBe(200);
    const data = await gqlData<{ account: { email: string; name: string } }>(
      server.url,
      String(tokens.body.access_token),
      ACCOUNT,
    );
    expect(data.account).toMatchObject({ email, name: 'Sam Signup' });
    // The new account signs in with its password too.
    expect((await passwordGrant(server.url, email, 'a-good-password')).status).toBe(200);
  });

  it.each([
    ['passwords that do not match', 'a-good-password', 'another-password', /Passwords do not match/],
    ['a password shorter than 8 characters', 'short', 'short', /at least 8 characters/],
  ])(
    'refuses %s, names the problem and creates nothing',
    async (_case, password, passwordConfirm, problem) => {
      const browser = new Browser(server.url);
      const form = expectPage(await registrations(browser));
      const email = uniqueEmail('refused');
      const page = expectPage(
        await browser.post(`${form.url.pathname}/register`, {
          name: 'Refused',
          email,
          password,
          passwordConfirm,
        }),
      );
      expect(page.status).toBe(400);
      expect(page.html).toMatch(problem);
      expect(await server.services.accounts.listCustomers()).not.toContainEqual(
        expect.objectContaining({ email }),
      );
      expect((await passwordGrant(server.url, email, password)).status).toBe(400);
    },
  );
});

describe('UMA permissions', () => {
  const permissions = async (customer: TestCustomer) => umaPermissions(server.url, await customer.token());

  it('gives a new customer create-limited, a subscribed one create, a suspended one nothing', async () => {
    const customer = await createCustomer(server);
    const fresh = await permissions(customer);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual([{ rsname: 'serverless-container', scopes: ['create-limited'] }]);

    await customer.subscribe('serverless-container');
    const subscribed = await permissions(customer);
    expect(subscribed.status).toBe(200);
    expect(subscribed.body).toEqual([{ rsname: 'serverless-container', scopes: ['create'] }]);

    await customer.suspend('PAYMENT_ISSUES');
    const suspended = await permissions(customer);
    expect(suspended.status).toBe(403);
    expect(suspended.body).toMatchObject({ error: 'access_denied' });
  });

  it('requires a valid bearer token', async () => {
    const response = await umaPermissions(server.url, undefined);
    expect(response.status).toBe(401);
    expect(response.body).not.toBeInstanceOf(Array);
  });
});

describe('password checks of accounts that do not exist', () => {
  it('checks an unknown account, and one without a password, against a hash as costly as a real one', async () => {
    const { db } = server.berth.database;
    const store = createAccountStore(db);
    /** The stored hashes passwords were checked against, in order. */
    const checkedAgainst: string[] = [];
    const accounts = createAccountService({
      store,
      throttle: createSignInThrottle(db),
      secondFactorEnabled: (accountId) => server.services.twoFactor.isEnabled(accountId),
      externalIssuer: false,
      passwords: {
        hash: hashPassword,
        verify: (password, stored) => {
          checkedAgainst.push(stored);
          return verifyPassword(password, stored);
        },
      },
    });
    const real = await store.findById(alice.accountId);
    const externalEmail = uniqueEmail('external');
    await store.insertCustomerWithAccount({
      name: 'External',
      email: externalEmail,
      passwordHash: null,
      externalSubject: `subject-${externalEmail}`,
    });
    // An address of its own, so these failures block nothing else.
    const address = 'test:unknown-accounts';

    expect(await accounts.authenticate(alice.email, 'not-the-password', address)).toBeNull();
    expect(await accounts.authenticate(uniqueEmail('nobody'), 'not-the-password', address)).toBeNull();
    expect(await accounts.authenticate(externalEmail, 'not-the-password', address)).toBeNull();

    expect(checkedAgainst).toHaveLength(3);
    const [forReal, forUnknown, forExternal] = checkedAgainst;
    expect(forReal).toBe(real?.passwordHash);
    // The same algorithm and cost parameters (scrypt$N$r$p$salt$key) as the real account's hash.
    const parameters = (hash = '') => hash.split('$').slice(0, 4);
    expect(parameters(forUnknown)).toEqual(parameters(forReal));
    expect(parameters(forExternal)).toEqual(parameters(forReal));
    expect(forUnknown?.split('$')).toHaveLength(6);
  });
});

describe('interaction routes without the state they need', () => {
  // Each answers 400 and says what is wrong: a page with a sentence when the form's fields arrive, the
  // body's problem when no form of ours could have sent it. Never a 500.
  const EXPIRED = 'This sign-in has expired or was started in another browser.';
  const OTHER_STEP = 'This page is not part of this sign-in.';
  const ROUTES = ['login', 'register', 'second-factor', 'totp', 'totp/done'] as const;
  type Route = (typeof ROUTES)[number];

  /** Where an interaction stands: its path, the cookies of its browser, what each route answers there. */
  interface State {
    name: string;
    path: string;
    cookie: string;
    page?: string;
    routes: Partial<Record<Route, string>>;
  }
  const states: State[] = [];
  let bob: TestCustomer;

  beforeAll(async () => {
    bob = await createCustomer(server, { name: 'Bob' });
    const signedOut = new Browser(server.url);
    const signIn = expectPage(
      await signedOut.get(`${OIDC_PATH}/auth?${authorizationQuery(server.url, pkce()).toString()}`),
    );
    const { browser: signedIn } = await signInWithCode(server.url, bob.email, bob.password);
    const setUp = expectPage(
      await signedIn.get(
        `${OIDC_PATH}/auth?${authorizationQuery(server.url, pkce(), { kc_action: 'CONFIGURE_TOTP' }).toString()}`,
      ),
    );
    expect(setUp.html).toContain('Set up two-factor authentication');
    const everywhere = (sentence: string) => Object.fromEntries(ROUTES.map((route) => [route, sentence]));
    states.push(
      {
        name: 'without its cookie',
        path: signIn.url.pathname,
        cookie: '',
        page: EXPIRED,
        routes: everywhere(EXPIRED),
      },
      {
        name: 'at an unknown uid',
        path: `${REALM_PATH}/interaction/unknown-uid`,
        cookie: signedOut.jar.header(),
        page: EXPIRED,
        routes: everywhere(EXPIRED),
      },
      {
        name: 'signing in, before the password',
        path: signIn.url.pathname,
        cookie: signedOut.jar.header(),
        routes: {
          'second-factor': 'Enter your email and password first.',
          totp: OTHER_STEP,
          'totp/done': OTHER_STEP,
        },
      },
      {
        name: 'setting up two-factor, before the first code',
        path: setUp.url.pathname,
        cookie: signedIn.jar.header(),
        routes: {
          login: OTHER_STEP,
          register: OTHER_STEP,
          'second-factor': OTHER_STEP,
          'totp/done': 'Enter the code your app shows to turn on two-factor authentication first.',
        },
      },
    );
  });

  async function request(state: State, route: Route | '', body?: { type: string; text: string }) {
    const response = await fetch(new URL(route ? `${state.path}/${route}` : state.path, server.url), {
      method: route ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: state.cookie, ...(body && { 'content-type': body.type }) },
      body: body?.text,
    });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  }

  /** The sentence a page shows in its alert. */
  const alertOf = (html: string) => /<div class="alert" role="alert">([^<]*)<\/div>/.exec(html)?.[1];

  const newcomer = uniqueEmail('newcomer');
  /** The fields each route's form sends, with values that would sign Bob in or sign a newcomer up. */
  const formOf = (route: Route) => {
    const fields: Record<Route, Record<string, string>> = {
      login: { email: bob.email, password: bob.password },
      register: { name: 'Newcomer', email: newcomer, password: 'a-password', passwordConfirm: 'a-password' },
      'second-factor': { code: '123456' },
      totp: { code: '123456' },
      'totp/done': {},
    };
    return new URLSearchParams(fields[route]).toString();
  };

  it("answers each route with a page that says why when the form's fields arrive", async () => {
    for (const state of states) {
      for (const route of ROUTES) {
        const sentence = state.routes[route];
        if (!sentence) continue;
        const answer = await request(state, route, {
          type: 'application/x-www-form-urlencoded',
          text: formOf(route),
        });
        expect(answer.status, `${state.name}: POST ${route}`).toBe(400);
        expect(answer.type).toMatch(/^text\/html/);
        expect(alertOf(answer.text), `${state.name}: POST ${route}`).toContain(sentence);
      }
      if (state.page) {
        const page = await request(state, '');
        expect(page.status, `${state.name}: GET`).toBe(400);
        expect(alertOf(page.text)).toContain(state.page);
      }
    }
    // Nobody signed up on the way.
    expect(await server.services.accounts.listCustomers()).not.toContainEqual(
      expect.objectContaining({ email: newcomer }),
    );
  });

  const badBodies = [
    { name: 'no body' },
    { name: 'an empty form', type: 'application/x-www-form-urlencoded', text: '' },
    { name: 'an empty JSON object', type: 'application/json', text: '{}' },
    { name: 'plain text', type: 'text/plain', text: 'code=123456' },
  ];

  it.each(badBodies)('answers each route 400 with a sentence for $name, in every state', async (bad) => {
    for (const state of states) {
      for (const route of ROUTES) {
        const answer = await request(
          state,
          route,
          bad.type ? { type: bad.type, text: bad.text ?? '' } : undefined,
        );
        const where = `${state.name}: POST ${route}: ${answer.text.slice(0, 200)}`;
        expect(answer.status, where).toBe(400);
        // A page's alert, or the body's problem as JSON (the routes with fields check them first).
        const sentence = answer.type.startsWith('text/html')
          ? alertOf(answer.text)
          : (JSON.parse(answer.text) as { message?: string }).message;
        expect(sentence, where).toMatch(/\w+ \w+/);
        expect(sentence, where).not.toMatch(/Something went wrong/);
      }
    }
  });
});
