import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_MINUTES, RESET_MAILS_PER_HOUR } from '../../src/identity/password-reset.ts';
import { Browser, expectPage } from '../support/browser.ts';
import { createCustomer, uniqueEmail, type TestCustomer } from '../support/customers.ts';
import { eventually, passwordGrant, REALM_PATH, refreshGrant } from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpRelay, type ReceivedMail, type SmtpRelay } from '../support/smtp-relay.ts';

// "Forgot password?" end to end: the form, the mail through a real SMTP relay (STARTTLS, a password), the
// single-use link, the new password, and what it undoes (sessions, a sign-in block).

const RESET_PATH = `${REALM_PATH}/login-actions/reset-credentials`;
let relay: SmtpRelay;
let server: TestServer;
/** How far the server's clock is ahead of the real one (links expire on it). */
let clockAheadMs = 0;

beforeAll(async () => {
  relay = await startSmtpRelay();
  server = await startServer(
    { SMTP_URL: relay.url(), MAIL_FROM: 'Berth <no-reply@berth.test>' },
    { clock: () => new Date(Date.now() + clockAheadMs) },
  );
});
afterAll(async () => {
  await server.close();
  await relay.close();
});

/** The mails the relay took for the address so far. */
const mailTo = (email: string) => relay.received.filter((mail) => mail.to === email);

async function nextMailTo(email: string, count: number): Promise<ReceivedMail> {
  return eventually(`mail ${count} to ${email}`, () => Promise.resolve(mailTo(email)[count - 1]));
}

const linkIn = (mail: ReceivedMail) => {
  const link = new RegExp(`${server.url}${RESET_PATH}\\?key=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
};

async function askForLink(email: string) {
  const browser = new Browser(server.url);
  const form = expectPage(await browser.get(RESET_PATH));
  expect(form.html).toContain('Forgot your password?');
  return expectPage(await browser.post(RESET_PATH, { email }));
}

describe('forgot password', () => {
  let alice: TestCustomer;
  beforeAll(async () => {
    alice = await createCustomer(server, { name: 'Alice' });
  });

  it('is offered on the sign-in page', async () => {
    const page = expectPage(
      await new Browser(server.url).get(
        `${REALM_PATH}/protocol/openid-connect/auth?client_id=berth-portal&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${server.url}/auth/callback`)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      ),
    );
    expect(page.html).toContain(`href="${RESET_PATH}"`);
  });

  it('mails a single-use link through the relay, over TLS, with a text and an HTML part', async () => {
    const answer = await askForLink(alice.email);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('a link to choose a new password is on its way');
    const mail = await nextMailTo(alice.email, 1);
    expect(mail.secure).toBe(true);
    expect(mail.from).toBe('"Berth" <no-reply@berth.test>');
    expect(mail.subject).toBe('Reset your password · Berth');
    expect(mail.text).toContain(`within ${RESET_LINK_MINUTES} minutes`);
    const link = linkIn(mail);
    expect(mail.html).toContain(link.replace(/&/g, '&#38;'));
    // Delivered: the outbox keeps its headers, not the link.
    const sent = await eventually('the outbox row marked sent', async () =>
      (await server.services.mail.recent(10)).find(
        (row) => row.recipient === alice.email && row.status === 'sent',
      ),
    );
    expect(sent).toMatchObject({ subject: 'Reset your password · Berth', textBody: null, htmlBody: null });
  });

  it('answers an unknown address in the same words, and mails nothing', async () => {
    const stranger = uniqueEmail('nobody');
    const known = await askForLink(alice.email);
    const unknown = await askForLink(stranger);
    expect(unknown.status).toBe(known.status);
    expect(unknown.html.replace(stranger, 'EMAIL')).toBe(known.html.replace(alice.email, 'EMAIL'));
    // Give the (absent) mail the time the known one took.
    await nextMailTo(alice.email, 2);
    expect(mailTo(stranger)).toEqual([]);
  });

  it('sets a new password once, signs out every session and tells the owner', async () => {
    const bob = await createCustomer(server, { name: 'Bob' });
    const before = await passwordGrant(server.url, bob.email, bob.password);
    expect(before.status).toBe(200);
    await askForLink(bob.email);
    const link = linkIn(await nextMailTo(bob.email, 1));
    const browser = new Browser(server.url);
    expect(expectPage(await browser.get(link)).html).toContain('Choose a new password');

    const mismatch = expectPage(
      await browser.post(link, { password: 'a-new-password', passwordConfirm: 'another' }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.html).toContain('Passwords do not match');
    const short = expectPage(await browser.post(link, { password: 'short', passwordConfirm: 'short' }));
    expect(short.html).toContain('Password must have at least 8 characters');

    const done = expectPage(
      await browser.post(link, { password: 'a-new-password', passwordConfirm: 'a-new-password' }),
    );
    expect(done.status).toBe(200);
    expect(done.html).toContain('Your password is changed');
    expect((await passwordGrant(server.url, bob.email, bob.password)).body).toMatchObject({
      error: 'invalid_grant',
    });
    expect((await passwordGrant(server.url, bob.email, 'a-new-password')).status).toBe(200);
    // The session from before the reset is gone.
    expect((await refreshGrant(server.url, String(before.body.refresh_token))).status).toBe(400);

    const again = expectPage(
      await browser.post(link, { password: 'third-password', passwordConfirm: 'third-password' }),
    );
    expect(again.status).toBe(410);
    expect(again.html).toContain('This link no longer works');
    expect((await passwordGrant(server.url, bob.email, 'a-new-password')).status).toBe(200);

    const notice = await nextMailTo(bob.email, 2);
    expect(notice.subject).toBe('Your password was changed · Berth');
    expect(notice.text).not.toMatch(/key=/);
  });

  it('lifts a sign-in block', async () => {
    const carol = await createCustomer(server, { name: 'Carol' });
    for (let attempt = 0; attempt < 6; attempt++)
      await passwordGrant(server.url, carol.email, 'wrong-password');
    expect((await passwordGrant(server.url, carol.email, carol.password)).status).toBe(429);
    await askForLink(carol.email);
    const link = linkIn(await nextMailTo(carol.email, 1));
    await new Browser(server.url).post(link, {
      password: 'carols-new-password',
      passwordConfirm: 'carols-new-password',
    });
    expect((await passwordGrant(server.url, carol.email, 'carols-new-password')).status).toBe(200);
  });

  it(`expires after ${RESET_LINK_MINUTES} minutes`, async () => {
    const dave = await createCustomer(server, { name: 'Dave' });
    await askForLink(dave.email);
    const link = linkIn(await nextMailTo(dave.email, 1));
    clockAheadMs += (RESET_LINK_MINUTES + 1) * 60_000;
    const page = expectPage(await new Browser(server.url).get(link));
    expect(page.status).toBe(410);
    const late = expectPage(
      await new Browser(server.url).post(link, {
        password: 'daves-new-password',
        passwordConfirm: 'daves-new-password',
      }),
    );
    expect(late.status).toBe(410);
    expect((await passwordGrant(server.url, dave.email, dave.password)).status).toBe(200);
  });

  it(`mails an account at most ${RESET_MAILS_PER_HOUR} links an hour`, async () => {
    const erin = await createCustomer(server, { name: 'Erin' });
    for (let ask = 0; ask < RESET_MAILS_PER_HOUR + 2; ask++)
      expect((await askForLink(erin.email)).status).toBe(200);
    await nextMailTo(erin.email, RESET_MAILS_PER_HOUR);
    await server.services.mail.deliverDue();
    expect(mailTo(erin.email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});

describe('asking for links', () => {
  it("is held to the token endpoint's rate per client address, whatever the addresses asked for", async () => {
    const limited = await startServer({ RATE_LIMIT_TOKEN_PER_MINUTE: '2' });
    try {
      const ask = (email: string) =>
        fetch(`${limited.url}${RESET_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }).toString(),
        });
      expect((await ask(uniqueEmail('one'))).status).toBe(200);
      expect((await ask(uniqueEmail('two'))).status).toBe(200);
      expect((await ask(uniqueEmail('three'))).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
