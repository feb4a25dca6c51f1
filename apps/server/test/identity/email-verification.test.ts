import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.ts';
import { EMAIL_LINK_HOURS, EMAIL_LINKS_PER_HOUR } from '../../src/identity/email-confirmation.ts';
import { billingRequest } from '../support/billing.ts';
import { Browser, expectPage, signUp } from '../support/browser.ts';
import { uniqueEmail } from '../support/customers.ts';
import {
  eventually,
  expectGraphQLError,
  passwordGrant,
  platformApi,
  REALM_PATH,
  umaPermissions,
} from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpRelay, type SmtpRelay } from '../support/smtp-relay.ts';

// A new account confirms its address by the link mailed at sign-up (through a real SMTP relay). Until then
// it signs in and looks around, and keeps to the free start: no subscribing, no paid resources, whatever
// an operator granted.

const LINK_PATH = `${REALM_PATH}/login-actions/action-token`;
const VERIFIED = '{ account { emailVerified } }';
const RESEND = 'mutation { accountEmailVerificationSend }';
const CLUSTER_CREATE = `mutation ($name: String!) {
  cloudDatabaseClusterCreate(cloudDatabaseClusterInput: {
    name: $name, namespace: "first", spec: { type: "postgresql", version: "16" }, plan: "xs-1" }) { name }
}`;

let relay: SmtpRelay;
let server: TestServer;
/** How far the server's clock is ahead of the real one (links expire on it). */
let clockAheadMs = 0;

beforeAll(async () => {
  relay = await startSmtpRelay();
  server = await startServer({ SMTP_URL: relay.url() }, { clock: () => new Date(Date.now() + clockAheadMs) });
});
afterAll(async () => {
  await server.close();
  await relay.close();
});

const mailsTo = (email: string) => relay.received.filter((mail) => mail.to === email);
const nthMailTo = (email: string, count: number) =>
  eventually(`mail ${count} to ${email}`, () => Promise.resolve(mailsTo(email)[count - 1]));
const linkIn = (text: string) => {
  const link = new RegExp(`${server.url}${LINK_PATH}\\?key=[A-Za-z0-9_-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
};

/** Signs up through the form, as a person would; the account's API and its first mail. */
async function signUpNew(label: string) {
  const email = uniqueEmail(label);
  const password = 'a-good-long-password';
  await signUp(server.url, { name: 'New Customer', email, password });
  const tokens = await passwordGrant(server.url, email, password);
  const token = String(tokens.body.access_token);
  return { email, token, api: platformApi(server.url, () => Promise.resolve(token)) };
}

describe('email verification', () => {
  it('mails a link at sign-up; until it is followed, no subscribing and no paid resources', async () => {
    const newcomer = await signUpNew('unverified');
    const mail = await nthMailTo(newcomer.email, 1);
    expect(mail.subject).toBe('Confirm your email address · Berth');
    expect(mail.text).toContain(`within ${EMAIL_LINK_HOURS} hours`);
    expect(await newcomer.api.data(VERIFIED)).toEqual({ account: { emailVerified: false } });

    const checkout = await billingRequest(server, '/billing/subscriptions', newcomer.token, {});
    expect(checkout.status).toBe(403);
    expect(checkout.body.message).toMatch(/^Confirm your email address first/);
    // An operator's grant does not count before the address is confirmed.
    const granted = await runAdminCommand(
      ['subscription', 'grant', '--email', newcomer.email, '--product', 'cloud-database'],
      server.services,
    );
    expect(granted.exitCode).toBe(0);
    const refused = expectGraphQLError(await newcomer.api.gql(CLUSTER_CREATE, { name: 'paid' }), 'FORBIDDEN');
    expect(refused.message).toMatch(/^Confirm your email address first/);
    expect((await umaPermissions(server.url, newcomer.token)).body).toEqual([
      { rsname: 'serverless-container', scopes: ['create-limited'] },
    ]);
    // The free start stays open.
    const namespace = await newcomer.api.gql(
      'mutation { namespaceCreate(namespaceInput: { name: "first" }) { name } }',
    );
    expect(namespace.body.errors).toBeUndefined();
  });

  it('confirms the address only when the page is answered, once', async () => {
    const newcomer = await signUpNew('confirms');
    const link = linkIn((await nthMailTo(newcomer.email, 1)).text);
    const browser = new Browser(server.url);
    const page = expectPage(await browser.get(link));
    expect(page.html).toContain('Confirm your email address');
    // Opening the link (a mail scanner does) confirms nothing.
    expect(await newcomer.api.data(VERIFIED)).toEqual({ account: { emailVerified: false } });

    const confirmed = expectPage(await browser.post(link, {}));
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Your email address is confirmed');
    expect(await newcomer.api.data(VERIFIED)).toEqual({ account: { emailVerified: true } });
    const checkout = await billingRequest(server, '/billing/subscriptions', newcomer.token, {});
    expect(checkout.status).toBe(200);

    expect(expectPage(await browser.post(link, {})).status).toBe(410);
    expect(expectPage(await browser.get(link)).status).toBe(410);
  });

  it('sends the link again a few times an hour, never once confirmed; old links expire', async () => {
    const newcomer = await signUpNew('resend');
    await nthMailTo(newcomer.email, 1);
    for (let sent = 1; sent < EMAIL_LINKS_PER_HOUR; sent += 1) {
      expect(await newcomer.api.data(RESEND)).toEqual({ accountEmailVerificationSend: true });
    }
    const tooOften = expectGraphQLError(await newcomer.api.gql(RESEND), 'BAD_USER_INPUT');
    expect(tooOften.message).toBe('Too many mails were sent within the hour: try again later');
    const last = await nthMailTo(newcomer.email, EMAIL_LINKS_PER_HOUR);
    expect(mailsTo(newcomer.email)).toHaveLength(EMAIL_LINKS_PER_HOUR);

    clockAheadMs = (EMAIL_LINK_HOURS * 60 + 1) * 60_000;
    try {
      expect(expectPage(await new Browser(server.url).get(linkIn(last.text))).status).toBe(410);
      // An hour later asking works again; the new link confirms.
      expect(await newcomer.api.data(RESEND)).toEqual({ accountEmailVerificationSend: true });
      const fresh = linkIn((await nthMailTo(newcomer.email, EMAIL_LINKS_PER_HOUR + 1)).text);
      expect(expectPage(await new Browser(server.url).post(fresh, {})).status).toBe(200);
    } finally {
      clockAheadMs = 0;
    }
    const already = expectGraphQLError(await newcomer.api.gql(RESEND), 'BAD_USER_INPUT');
    expect(already.message).toBe('Your email address is already confirmed');
  });

  it('is confirmed by an operator who checked the address elsewhere', async () => {
    const newcomer = await signUpNew('operator');
    const done = await runAdminCommand(['account', 'verify', '--email', newcomer.email], server.services);
    expect(done).toEqual({
      exitCode: 0,
      output: `The address ${newcomer.email} is confirmed: the account may subscribe`,
    });
    expect(await newcomer.api.data(VERIFIED)).toEqual({ account: { emailVerified: true } });
  });
});

describe('REQUIRE_EMAIL_VERIFICATION=false', () => {
  let trusting: TestServer;
  beforeAll(async () => {
    trusting = await startServer({ SMTP_URL: relay.url(), REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(() => trusting.close());

  it('mails no link and lets a new account subscribe at once', async () => {
    const email = uniqueEmail('trusted');
    await signUp(trusting.url, { name: 'Trusted', email, password: 'a-good-long-password' });
    const token = String(
      (await passwordGrant(trusting.url, email, 'a-good-long-password')).body.access_token,
    );
    const api = platformApi(trusting.url, () => Promise.resolve(token));
    expect(await api.data(VERIFIED)).toEqual({ account: { emailVerified: true } });
    expect((await billingRequest(trusting, '/billing/subscriptions', token, {})).status).toBe(200);
    // Mail is queued in the transaction of its change: none was.
    expect((await trusting.services.mail.recent(50)).filter((mail) => mail.recipient === email)).toEqual([]);
  });
});
