import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.ts';
import {
  authorizationQuery,
  Browser,
  expectCode,
  expectPage,
  exchangeCode,
  pkce,
  signInWithCode,
} from '../support/browser.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { OIDC_PATH, passwordGrant, tokenRequest } from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';

// Two-factor sign-in of the built-in identity provider: the portal's "Set up two-factor authentication" link
// (kc_action=CONFIGURE_TOTP) leads through a QR code and a first code to recovery codes; from then on the
// sign-in form and the command-line client's password grant want a code too.

let server: TestServer;
let alice: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  alice = await createCustomer(server, { name: 'Alice' });
});
afterAll(() => server.close());

/** The code an authenticator app shows for the secret, at `at` (ms). */
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: at });

const setUpQuery = (challenge = pkce()) =>
  authorizationQuery(server.url, challenge, { kc_action: 'CONFIGURE_TOTP' }).toString();

/** The secret a set-up page shows (grouped by four), without spaces. */
function secretOf(html: string): string {
  const match = /<span id="totp-secret">([A-Z2-7 ]+)<\/span>/.exec(html);
  if (!match?.[1]) throw new Error('no secret on the set-up page');
  return match[1].replace(/ /g, '');
}

async function setUp(browser: Browser) {
  const page = expectPage(await browser.get(`${OIDC_PATH}/auth?${setUpQuery()}`));
  expect(page.html).toContain('Set up two-factor authentication');
  expect(page.html).toMatch(/<div class="qr" role="img" aria-label="QR code of your two-factor secret"><svg/);
  const secret = secretOf(page.html);
  return { page, secret };
}

describe('two-factor authentication', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('is set up from the portal link after signing in: QR code, a first code, recovery codes, back to the portal', async () => {
    const { browser } = await signInWithCode(server.url, alice.email, alice.password);
    const { page, secret: shown } = await setUp(browser);
    secret = shown;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The same pending secret until it is confirmed (a reload shows the same QR code).
    expect(secretOf(expectPage(await browser.get(page.url.href)).html)).toBe(secret);

    const wrong = expectPage(await browser.post(`${page.url.pathname}/totp`, { code: '000000' }));
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('That code is not right');
    expect(await server.services.twoFactor.isEnabled(alice.accountId)).toBe(false);

    const confirmed = expectPage(await browser.post(`${page.url.pathname}/totp`, { code: codeFor(secret) }));
    expect(confirmed.html).toContain('Two-factor authentication is on');
    recoveryCodes = [...confirmed.html.matchAll(/<li>([a-z0-9]{5}-[a-z0-9]{5})<\/li>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Continue: the authorization request finishes with a code for the portal.
    expectCode(await browser.post(`${page.url.pathname}/totp/done`, {}));
  });

  it('then asks the sign-in form for a code: a wrong one is refused, the app code signs in, once', async () => {
    const challenge = pkce();
    const browser = new Browser(server.url);
    const form = expectPage(
      await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(server.url, challenge).toString()}`),
    );
    const second = expectPage(
      await browser.post(`${form.url.pathname}/login`, { email: alice.email, password: alice.password }),
    );
    expect(second.html).toContain('Enter the 6-digit code from your authenticator app');
    // Skipping the code gets nowhere: the interaction has no sign-in until the code is right.
    const wrong = expectPage(await browser.post(`${form.url.pathname}/second-factor`, { code: '123456' }));
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('That code is not right');
    const now = Date.now() + 30_000; // the next step: the set-up spent this one
    const code = expectCode(
      await browser.post(`${form.url.pathname}/second-factor`, { code: codeFor(secret, now) }),
    );
    expect((await exchangeCode(server.url, code, challenge.verifier)).status).toBe(200);
  });

  it('signs in with a recovery code once; the same recovery code is refused after', async () => {
    const recovery = recoveryCodes[0] ?? '';
    for (const [attempt, expected] of [
      [recovery.toUpperCase(), 'callback'],
      [recovery, 'page'],
    ] as const) {
      const browser = new Browser(server.url);
      const form = expectPage(
        await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(server.url, pkce()).toString()}`),
      );
      await browser.post(`${form.url.pathname}/login`, { email: alice.email, password: alice.password });
      const landing = await browser.post(`${form.url.pathname}/second-factor`, { code: attempt });
      expect(landing.kind).toBe(expected);
    }
  });

  it("wants the code as `totp` in the command-line client's password grant", async () => {
    const without = await passwordGrant(server.url, alice.email, alice.password);
    expect(without).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid user credentials' },
    });
    const withCode = await tokenRequest(server.url, {
      grant_type: 'password',
      client_id: 'berth-cli',
      username: alice.email,
      password: alice.password,
      totp: recoveryCodes[1] ?? '',
    });
    expect(withCode.status).toBe(200);
  });

  it('is turned off by an operator for a customer who lost the app and the codes', async () => {
    expect(await runAdminCommand(['account', 'reset-2fa', '--email', alice.email], server.services)).toEqual({
      exitCode: 0,
      output: `Two-factor sign-in is off for ${alice.email}; they sign in with their password and can set it up again`,
    });
    // The password alone signs in again (signInWithCode fails the test unless it lands at the callback).
    expect((await signInWithCode(server.url, alice.email, alice.password)).code).toEqual(expect.any(String));
  });
});

// A wrong code is a failed sign-in of the account, as a wrong password is: five block it for five minutes,
// and a right password in between does not wipe them out. Its own server: it trusts X-Forwarded-For (so
// attempts come from many addresses) and runs the throttle on a clock the tests move on.
describe('wrong two-factor codes and the sign-in throttle', () => {
  const THROTTLED = /Too many failed sign-in attempts/;
  const BLOCK_MS = 5 * 60_000;
  let throttled: TestServer;
  let clockOffsetMs = 0;
  const endBlocks = () => (clockOffsetMs += BLOCK_MS + 1000);

  beforeAll(async () => {
    throttled = await startServer(
      { TRUST_PROXY: 'true' },
      { clock: () => new Date(Date.now() + clockOffsetMs) },
    );
  });
  afterAll(() => throttled.close());

  /** A new customer with two-factor on (set up through the services) and its secret. */
  async function customerWithTwoFactor() {
    const customer = await createCustomer(throttled);
    const account = { id: customer.accountId, email: customer.email };
    const { secret } = await throttled.services.twoFactor.pendingSetup(account);
    expect(await throttled.services.twoFactor.confirmSetup(account, codeFor(secret))).toHaveLength(10);
    return { customer, secret };
  }

  /** A code the app shows for no step near now, so it is wrong whenever it is checked. */
  function wrongCode(secret: string) {
    const near = new Set([-2, -1, 0, 1, 2].map((step) => codeFor(secret, Date.now() + step * 30_000)));
    let code = 0;
    while (near.has(String(code).padStart(6, '0'))) code++;
    return String(code).padStart(6, '0');
  }

  /** The next code of the app (the set-up spent the current one). */
  const nextCode = (secret: string) => codeFor(secret, Date.now() + 30_000);

  /** The password grant with the right password and the given code, from a forwarded address. */
  async function grant(customer: TestCustomer, totp: string, address: string) {
    const response = await fetch(`${throttled.url}${OIDC_PATH}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'berth-cli',
        username: customer.email,
        password: customer.password,
        totp,
      }),
    });
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after')),
      body: (await response.json()) as { access_token?: string; error_description?: string },
    };
  }

  it('blocks the account after five wrong codes on the password grant, from however many addresses', async () => {
    const { customer, secret } = await customerWithTwoFactor();
    const answers = [];
    for (let n = 0; n < 8; n++) answers.push(await grant(customer, wrongCode(secret), `10.24.0.${n}`));
    // Five codes were checked (the fifth blocked the account); the others were refused unchecked.
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    for (const answer of answers.slice(0, 5))
      expect(answer.body.error_description).toBe('Invalid user credentials');
    for (const answer of answers.slice(5)) expect(answer.body.error_description).toMatch(THROTTLED);

    // While the block lasts, the right password with the right code is refused too.
    const blocked = await grant(customer, nextCode(secret), '10.24.1.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error_description).toMatch(THROTTLED);
    expect(blocked.retryAfter).toBeGreaterThan(0);
    expect(blocked.body.access_token).toBeUndefined();

    endBlocks();
    const after = await grant(customer, nextCode(secret), '10.24.1.2');
    expect(after.status).toBe(200);
    expect(after.body.access_token).toEqual(expect.any(String));
  });

  it('keeps the count of wrong codes on the sign-in form when the password is entered again', async () => {
    const { customer, secret } = await customerWithTwoFactor();
    const browser = new Browser(throttled.url);
    const form = expectPage(
      await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(throttled.url, pkce()).toString()}`),
    );
    const enterPassword = async () =>
      expectPage(
        await browser.post(`${form.url.pathname}/login`, {
          email: customer.email,
          password: customer.password,
        }),
      );
    const enterCode = (code: string) => browser.post(`${form.url.pathname}/second-factor`, { code });
    const CODE_STEP = 'Enter the 6-digit code from your authenticator app';

    expect((await enterPassword()).html).toContain(CODE_STEP);
    for (let n = 0; n < 3; n++) expect(expectPage(await enterCode(wrongCode(secret))).status).toBe(401);
    // The password again shows the code step again, but does not give back the codes spent.
    expect((await enterPassword()).html).toContain(CODE_STEP);
    for (let n = 0; n < 2; n++) expect(expectPage(await enterCode(wrongCode(secret))).status).toBe(401);

    const refused = expectPage(await enterCode(nextCode(secret)));
    expect(refused.status).toBe(429);
    expect(refused.html).toMatch(THROTTLED);
    const password = await enterPassword();
    expect(password.status).toBe(429);
    expect(password.html).toMatch(THROTTLED);

    endBlocks();
    expect((await enterPassword()).html).toContain(CODE_STEP);
    expectCode(await enterCode(nextCode(secret)));
  });
});
