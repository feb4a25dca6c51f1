import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/customers.ts';
import { gqlData, jwtClaims, passwordGrant, refreshGrant, tokenFor } from '../support/http.ts';
import { ACCOUNT, useSignInWorld } from './setup.ts';

const world = useSignInWorld();

describe('password grant (command-line client)', () => {
  it('answers tokens for the API audience', async () => {
    const { status, body } = await passwordGrant(world.server.url, world.alice.email, world.alice.password);
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
    expect(claims.sub).toBe(String(world.alice.accountId));
    expect(claims.iss).toBe(`${world.server.url}/realms/berth`);
    // The API accepts it.
    const data = await gqlData<{ account: { email: string } }>(world.server.url, body.access_token, ACCOUNT);
    expect(data.account.email).toBe(world.alice.email);
  });

  it('refuses a wrong password with invalid_grant', async () => {
    const { status, body } = await passwordGrant(
      world.server.url,
      world.alice.email,
      `${world.alice.password}-wrong`,
    );
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
    expect(body.access_token).toBeUndefined();
  });

  it('refuses an unknown account the same way', async () => {
    const { status, body } = await passwordGrant(
      world.server.url,
      uniqueEmail('nobody'),
      'whatever-password',
    );
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('rotates refresh tokens: the new one works, the old one is rejected', async () => {
    const first = await tokenFor(world.server.url, world.alice.email, world.alice.password);
    const refreshed = await refreshGrant(world.server.url, first.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.body.refresh_expires_in).toBeGreaterThan(0);
    expect(jwtClaims(refreshed.body.access_token).aud).toBe('berth-platform');
    const data = await gqlData<{ account: { email: string } }>(
      world.server.url,
      refreshed.body.access_token,
      ACCOUNT,
    );
    expect(data.account.email).toBe(world.alice.email);

    const replayed = await refreshGrant(world.server.url, first.refresh_token);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe('invalid_grant');
  });
});
