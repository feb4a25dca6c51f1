import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, expectPage } from '../support/browser.ts';
import { createCustomer, uniqueEmail } from '../support/customers.ts';
import { eventually, expectGraphQLError, passwordGrant, REALM_PATH } from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpRelay, type SmtpRelay } from '../support/smtp-relay.ts';

// Changing the account's address: the current password first, a link to the new address makes the change,
// and the old address is told at once (through a real SMTP relay).

const LINK_PATH = `${REALM_PATH}/login-actions/action-token`;
const CHANGE = `mutation ($newEmail: String!, $currentPassword: String!) {
  accountEmailChange(newEmail: $newEmail, currentPassword: $currentPassword)
}`;
const ACCOUNT = '{ account { email emailVerified pendingEmail } }';

let relay: SmtpRelay;
let server: TestServer;
beforeAll(async () => {
  relay = await startSmtpRelay();
  server = await startServer({ SMTP_URL: relay.url() });
});
afterAll(async () => {
  await server.close();
  await relay.close();
});

const mailTo = (email: string) =>
  eventually(`mail to ${email}`, () => Promise.resolve(relay.received.find((mail) => mail.to === email)));
const linkIn = (text: string) => {
  const link = new RegExp(`${server.url}${LINK_PATH}\\?key=[A-Za-z0-9_-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
};

describe('changing the email address', () => {
  it('wants the current password and a free, valid address, and changes nothing otherwise', async () => {
    const alice = await createCustomer(server, { name: 'Alice' });
    const bob = await createCustomer(server, { name: 'Bob' });
    const refusal = async (newEmail: string, currentPassword: string) =>
      expectGraphQLError(await alice.gql(CHANGE, { newEmail, currentPassword }), 'BAD_USER_INPUT');
    expect(await refusal(uniqueEmail('new'), 'wrong-password')).toMatchObject({
      message: 'The current password is not right',
      extensions: { field: 'currentPassword' },
    });
    expect(await refusal('not an address', alice.password)).toMatchObject({
      message: 'Enter a valid email address',
      extensions: { field: 'newEmail' },
    });
    expect(await refusal(bob.email.toUpperCase(), alice.password)).toMatchObject({
      message: 'An account with this email already exists',
      extensions: { field: 'newEmail' },
    });
    expect(await refusal(alice.email, alice.password)).toMatchObject({
      message: 'This is already your email address',
    });
    expect(await alice.data(ACCOUNT)).toEqual({
      account: { email: alice.email, emailVerified: true, pendingEmail: null },
    });
    expect((await server.services.mail.recent(50)).filter((mail) => mail.recipient === alice.email)).toEqual(
      [],
    );
  });

  it('tells the old address, and moves the account when the new one follows its link', async () => {
    const alice = await createCustomer(server, { name: 'Alice' });
    const newEmail = uniqueEmail('moved');
    expect(await alice.data(CHANGE, { newEmail, currentPassword: alice.password })).toEqual({
      accountEmailChange: true,
    });
    const told = await mailTo(alice.email);
    expect(told.subject).toBe('Your email address is changing · Berth');
    expect(told.text).toContain(newEmail);
    expect(told.text).not.toContain(LINK_PATH);
    const confirm = await mailTo(newEmail);
    expect(confirm.subject).toBe('Confirm your new email address · Berth');
    // Nothing moves until the link is followed.
    expect(await alice.data(ACCOUNT)).toEqual({
      account: { email: alice.email, emailVerified: true, pendingEmail: newEmail },
    });

    const link = linkIn(confirm.text);
    const browser = new Browser(server.url);
    expect(expectPage(await browser.get(link)).html).toContain(newEmail);
    const done = expectPage(await browser.post(link, {}));
    expect(done.status).toBe(200);
    expect(done.html).toContain(`Your account uses ${newEmail}`);
    expect(await alice.data(ACCOUNT)).toEqual({
      account: { email: newEmail, emailVerified: true, pendingEmail: null },
    });
    expect((await passwordGrant(server.url, newEmail, alice.password)).status).toBe(200);
    expect((await passwordGrant(server.url, alice.email, alice.password)).status).toBe(400);
    expect(expectPage(await browser.post(link, {})).status).toBe(410);
  });

  it('keeps the address when another account took it since the link was sent', async () => {
    const alice = await createCustomer(server, { name: 'Alice' });
    const wanted = uniqueEmail('wanted');
    await alice.data(CHANGE, { newEmail: wanted, currentPassword: alice.password });
    const link = linkIn((await mailTo(wanted)).text);
    await server.services.accounts.create(
      { name: 'Quicker', email: wanted, password: 'a-good-long-password' },
      { verified: true },
    );
    const refused = expectPage(await new Browser(server.url).post(link, {}));
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('Another account has used this address since the link was sent');
    expect(await alice.data(ACCOUNT)).toMatchObject({ account: { email: alice.email } });
  });
});
