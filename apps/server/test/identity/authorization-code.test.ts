import { describe, expect, it } from 'vitest';
import {
  authorizationQuery,
  Browser,
  expectCode,
  expectPage,
  exchangeCode,
  pkce,
  signInWithCode,
} from '../support/browser.ts';
import { gqlData, jwtClaims, OIDC_PATH } from '../support/http.ts';
import { ACCOUNT, useSignInWorld } from './setup.ts';

const world = useSignInWorld();

describe('authorization code flow with PKCE (portal)', () => {
  it('signs in through the form and exchanges the code with the S256 verifier', async () => {
    const challenge = pkce();
    const browser = new Browser(world.server.url);
    const form = expectPage(
      await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(world.server.url, challenge).toString()}`),
    );
    expect(form.redirects).toEqual([
      { status: 303, location: expect.stringMatching(/\/realms\/berth\/interaction\/[\w-]+$/) },
    ]);
    const landing = await browser.post(`${form.url.pathname}/login`, {
      email: world.alice.email,
      password: world.alice.password,
    });
    // The form's POST answers 303 (the browser then GETs), back to auth, then to the client's redirect_uri.
    expect(landing.redirects.map((redirect) => redirect.status)).toEqual([303, 303]);
    expect(landing.redirects[0]?.location).toContain('/realms/berth/protocol/openid-connect/auth/');
    const code = expectCode(landing);
    const { status, body } = await exchangeCode(world.server.url, code, challenge.verifier);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      refresh_token: expect.any(String),
      refresh_expires_in: expect.any(Number),
    });
    const accessToken = String(body.access_token);
    expect(jwtClaims(accessToken).aud).toBe('berth-platform');
    const data = await gqlData<{ account: { email: string } }>(world.server.url, accessToken, ACCOUNT);
    expect(data.account.email).toBe(world.alice.email);
  });

  it('shows the sign-in form, and the error in it for a wrong password', async () => {
    const browser = new Browser(world.server.url);
    const form = expectPage(
      await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(world.server.url, pkce()).toString()}`),
    );
    expect(form.status).toBe(200);
    expect(form.url.pathname).toMatch(/^\/realms\/berth\/interaction\/[\w-]+$/);
    expect(form.html).toContain('<form');
    expect(form.html).toContain('name="password"');

    const wrong = expectPage(
      await browser.post(`${form.url.pathname}/login`, {
        email: world.alice.email,
        password: 'not-the-password',
      }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Invalid email or password');
    // The same interaction still signs in with the right password.
    expectCode(
      await browser.post(`${form.url.pathname}/login`, {
        email: world.alice.email,
        password: world.alice.password,
      }),
    );
  });

  it('rejects code_challenge_method=plain', async () => {
    const challenge = pkce();
    const browser = new Browser(world.server.url);
    const query = authorizationQuery(world.server.url, challenge, {
      code_challenge: challenge.verifier,
      code_challenge_method: 'plain',
    });
    const description = expectRejectedAuthorization(
      await browser.get(`${OIDC_PATH}/auth?${query.toString()}`),
    );
    expect(description).toMatch(/code_challenge_method/);
  });

  it('rejects an authorization request without code_challenge', async () => {
    const browser = new Browser(world.server.url);
    const query = authorizationQuery(world.server.url, pkce(), {
      code_challenge: undefined,
      code_challenge_method: undefined,
    });
    const description = expectRejectedAuthorization(
      await browser.get(`${OIDC_PATH}/auth?${query.toString()}`),
    );
    expect(description).toMatch(/PKCE/);
  });

  it('answers invalid_grant for a wrong code_verifier, and for none', async () => {
    const { code } = await signInWithCode(world.server.url, world.alice.email, world.alice.password);
    const wrong = await exchangeCode(world.server.url, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.body.access_token).toBeUndefined();

    const second = await signInWithCode(world.server.url, world.alice.email, world.alice.password);
    const missing = await exchangeCode(world.server.url, second.code, undefined);
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
