import { describe, expect, it } from 'vitest';
import {
  authorizationQuery,
  Browser,
  expectCode,
  expectPage,
  exchangeCode,
  pkce,
} from '../support/browser.ts';
import { uniqueEmail } from '../support/customers.ts';
import { gqlData, OIDC_PATH, passwordGrant } from '../support/http.ts';
import { ACCOUNT, useSignInWorld } from './setup.ts';

const world = useSignInWorld();

describe('sign-up form', () => {
  const registrations = (browser: Browser) =>
    browser.get(`${OIDC_PATH}/registrations?${authorizationQuery(browser.origin, pkce()).toString()}`);

  it('shows the sign-up form for the query of auth, creates the account and continues with a code', async () => {
    const browser = new Browser(world.server.url);
    const challenge = pkce();
    const form = expectPage(
      await browser.get(
        `${OIDC_PATH}/registrations?${authorizationQuery(world.server.url, challenge).toString()}`,
      ),
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
    const tokens = await exchangeCode(world.server.url, expectCode(landing), challenge.verifier);
    expect(tokens.status).toBe(200);
    const data = await gqlData<{ account: { email: string; name: string } }>(
      world.server.url,
      String(tokens.body.access_token),
      ACCOUNT,
    );
    expect(data.account).toMatchObject({ email, name: 'Sam Signup' });
    // The new account signs in with its password too.
    expect((await passwordGrant(world.server.url, email, 'a-good-password')).status).toBe(200);
  });

  it.each([
    ['passwords that do not match', 'a-good-password', 'another-password', /Passwords do not match/],
    ['a password shorter than 8 characters', 'short', 'short', /at least 8 characters/],
  ])(
    'refuses %s, names the problem and creates nothing',
    async (_case, password, passwordConfirm, problem) => {
      const browser = new Browser(world.server.url);
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
      expect(await world.server.services.accounts.listCustomers()).not.toContainEqual(
        expect.objectContaining({ email }),
      );
      expect((await passwordGrant(world.server.url, email, password)).status).toBe(400);
    },
  );
});
