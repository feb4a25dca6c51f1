import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.ts';
import { exchangeCode, signInWithCode } from '../support/browser.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import {
  expectGraphQLError,
  jwtClaims,
  passwordGrant,
  platformApi,
  refreshGrant,
  tokenRequest,
} from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';

// What the owner changes of their own sign-in through the platform API (the account page's calls): the
// password, two-factor off, new recovery codes. Each wants proof first; other sessions end, this one stays.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const PASSWORD_CHANGE = `mutation ($currentPassword: String!, $newPassword: String!, $code: String) {
  accountPasswordChange(currentPassword: $currentPassword, newPassword: $newPassword, code: $code)
}`;
const TWO_FACTOR = '{ account { twoFactor { enabled enabledAt recoveryCodesLeft } } }';
const DISABLE = 'mutation ($code: String!) { accountTwoFactorDisable(code: $code) }';
const RENEW = 'mutation ($code: String!) { accountRecoveryCodesRenew(code: $code) }';

/** A portal session (authorization code with PKCE): its tokens carry the session's `sid`. */
async function portalSession(customer: TestCustomer, password = customer.password) {
  const { code, pkce } = await signInWithCode(server.url, customer.email, password);
  const { body } = await exchangeCode(server.url, code, pkce.verifier);
  return { access: String(body.access_token), refresh: String(body.refresh_token) };
}

const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: at });

/** Turns two-factor on straight through the service (its set-up pages are tested in two-factor.test.ts). */
async function enableTwoFactor(customer: TestCustomer) {
  const account = { id: customer.accountId, email: customer.email };
  const { secret } = await server.services.twoFactor.pendingSetup(account);
  const recoveryCodes = await server.services.twoFactor.confirmSetup(
    account,
    codeFor(secret, Date.now() - 30_000),
  );
  if (!recoveryCodes) throw new Error('set-up refused');
  return { secret, recoveryCodes };
}

describe('password change', () => {
  it('wants the current password, keeps this session and ends the others', async () => {
    const alice = await createCustomer(server, { name: 'Alice' });
    const here = await portalSession(alice);
    expect(jwtClaims(here.access).sid).toEqual(expect.any(String));
    const elsewhere = await portalSession(alice);
    const cli = await passwordGrant(server.url, alice.email, alice.password);
    const api = platformApi(server.url, here.access);

    const wrong = await api.gql(PASSWORD_CHANGE, {
      currentPassword: 'not-it',
      newPassword: 'new-password-1',
    });
    expect(expectGraphQLError(wrong, 'BAD_USER_INPUT')).toMatchObject({
      message: 'The current password is not right',
      extensions: { field: 'currentPassword' },
    });
    const short = await api.gql(PASSWORD_CHANGE, { currentPassword: alice.password, newPassword: 'short' });
    expect(expectGraphQLError(short, 'BAD_USER_INPUT')).toMatchObject({
      extensions: { field: 'newPassword' },
    });
    expect((await passwordGrant(server.url, alice.email, alice.password)).status).toBe(200);

    await api.data(PASSWORD_CHANGE, { currentPassword: alice.password, newPassword: 'new-password-1' });
    expect((await refreshGrant(server.url, here.refresh, 'berth-portal')).status).toBe(200);
    expect((await refreshGrant(server.url, elsewhere.refresh, 'berth-portal')).status).toBe(400);
    expect((await refreshGrant(server.url, String(cli.body.refresh_token))).status).toBe(400);
    expect((await passwordGrant(server.url, alice.email, alice.password)).status).toBe(400);
    expect((await passwordGrant(server.url, alice.email, 'new-password-1')).status).toBe(200);
    const mail = (await server.services.mail.recent(20)).find((row) => row.recipient === alice.email);
    expect(mail).toMatchObject({ kind: 'password-changed', subject: 'Your password was changed · Berth' });
  });

  it('wants a code too while two-factor sign-in is on, and says when a code was already used', async () => {
    const bob = await createCustomer(server, { name: 'Bob' });
    // Signed in before two-factor was turned on (the sign-in form would want a code now).
    const api = platformApi(server.url, (await portalSession(bob)).access);
    const { secret } = await enableTwoFactor(bob);
    const change = { currentPassword: bob.password, newPassword: 'bobs-new-password' };

    const missing = await api.gql(PASSWORD_CHANGE, change);
    expect(expectGraphQLError(missing, 'BAD_USER_INPUT')).toMatchObject({ extensions: { field: 'code' } });
    const code = codeFor(secret);
    await api.data(PASSWORD_CHANGE, { ...change, code });
    const reused = await api.gql(PASSWORD_CHANGE, {
      currentPassword: 'bobs-new-password',
      newPassword: 'bobs-third-password',
      code,
    });
    expect(expectGraphQLError(reused, 'BAD_USER_INPUT').message).toBe(
      'That code was already used: wait for the next one',
    );
  });
});

describe('two-factor management', () => {
  let carol: TestCustomer;
  let secret = '';
  let recoveryCodes: string[] = [];
  let api: ReturnType<typeof platformApi>;
  beforeAll(async () => {
    carol = await createCustomer(server, { name: 'Carol' });
    api = platformApi(server.url, (await portalSession(carol)).access);
  });

  it('shows it off, then on with ten recovery codes', async () => {
    expect(await api.data(TWO_FACTOR)).toEqual({
      account: { twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } },
    });
    ({ secret, recoveryCodes } = await enableTwoFactor(carol));
    const { account } = await api.data<{ account: { twoFactor: { enabledAt: string } } }>(TWO_FACTOR);
    expect(account.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(Date.parse(account.twoFactor.enabledAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('makes new recovery codes with a code; the old ones stop working', async () => {
    expect(expectGraphQLError(await api.gql(RENEW, { code: '000000' }), 'BAD_USER_INPUT').message).toBe(
      'That code is not right',
    );
    const renewed = await api.data<{ accountRecoveryCodesRenew: string[] }>(RENEW, { code: codeFor(secret) });
    expect(renewed.accountRecoveryCodesRenew).toHaveLength(10);
    expect(new Set([...renewed.accountRecoveryCodesRenew, ...recoveryCodes]).size).toBe(20);
    const old = await tokenRequest(server.url, {
      grant_type: 'password',
      client_id: 'berth-cli',
      username: carol.email,
      password: carol.password,
      totp: recoveryCodes[0] ?? '',
    });
    expect(old.status).toBe(400);
    recoveryCodes = renewed.accountRecoveryCodesRenew;
  });

  it('turns it off with a recovery code and tells the owner', async () => {
    await api.data(DISABLE, { code: recoveryCodes[1] ?? '' });
    expect(await api.data(TWO_FACTOR)).toEqual({
      account: { twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } },
    });
    expect((await passwordGrant(server.url, carol.email, carol.password)).status).toBe(200);
    const mail = (await server.services.mail.recent(20)).find((row) => row.recipient === carol.email);
    expect(mail).toMatchObject({
      kind: 'two-factor-off',
      subject: 'Two-factor sign-in was turned off · Berth',
    });
    expect(expectGraphQLError(await api.gql(DISABLE, { code: '123456' }), 'BAD_USER_INPUT').message).toBe(
      'Two-factor sign-in is already off',
    );
  });

  it('stays open to a suspended customer', async () => {
    const dave = await createCustomer(server, { name: 'Dave' });
    await runAdminCommand(
      ['customer', 'suspend', '--email', dave.email, '--reason', 'PAYMENT_ISSUES'],
      server.services,
    );
    const suspended = platformApi(server.url, (await portalSession(dave)).access);
    await suspended.data(PASSWORD_CHANGE, {
      currentPassword: dave.password,
      newPassword: 'daves-new-password',
    });
  });
});
