import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accessStatus, mayCreate } from '../../src/lib/auth/access.ts';
import { fetchPermissions } from '../../src/lib/auth/permissions.ts';
import { policyCustomer } from '../../src/lib/auth/refusal.ts';
import { server } from '../support/server.ts';

describe('access status', () => {
  it('is suspended without any serverless-container scope', () => {
    expect(accessStatus({})).toEqual({ suspended: true, fullAccess: false, restricted: false });
    expect(accessStatus({ 'cloud-database': ['create'] }).suspended).toBe(true);
  });

  it('is restricted with create-limited and full with create', () => {
    expect(accessStatus({ 'serverless-container': ['create-limited'] })).toEqual({
      suspended: false,
      fullAccess: false,
      restricted: true,
    });
    expect(accessStatus({ 'serverless-container': ['create'] })).toEqual({
      suspended: false,
      fullAccess: true,
      restricted: false,
    });
  });

  it('lets a restricted customer create only the first of a kind; suspended never, full always', () => {
    const restricted = accessStatus({ 'serverless-container': ['create-limited'] });
    expect(mayCreate(restricted, 0)).toBe(true);
    expect(mayCreate(restricted, 1)).toBe(false);
    expect(mayCreate(accessStatus({ 'serverless-container': ['create'] }), 5)).toBe(true);
    expect(mayCreate(accessStatus({}), 0)).toBe(false);
  });
});

describe('the customer as the access policy sees it', () => {
  const standing = (suspendedReason: string | null, emailVerified = true) => ({
    emailVerified,
    customer: { suspendedReason },
  });

  it('subscribes to the products whose create it holds; create-limited is the free start, no product', () => {
    expect(
      policyCustomer(standing(null), {
        'serverless-container': ['create-limited'],
        'cloud-database': ['create'],
      }),
    ).toEqual({ suspendedReason: null, products: ['cloud-database'], emailVerified: true });
    expect(policyCustomer(standing('PAYMENT_ISSUES'), {})).toEqual({
      suspendedReason: 'PAYMENT_ISSUES',
      products: [],
      emailVerified: true,
    });
  });

  it('carries whether the email address is confirmed', () => {
    expect(policyCustomer(standing(null, false), {}).emailVerified).toBe(false);
  });
});

describe('permission request', () => {
  const tokenEndpoint = 'https://sso.example.com/realms/berth/protocol/openid-connect/token';
  const request = (response: Response) => {
    const received: { authorization: string | null; body: string }[] = [];
    server.use(
      http.post(tokenEndpoint, async ({ request: sent }) => {
        received.push({ authorization: sent.headers.get('authorization'), body: await sent.text() });
        return response;
      }),
    );
    return {
      received,
      result: fetchPermissions({ tokenEndpoint, accessToken: 'abc', audience: 'berth-platform' }),
    };
  };

  it('sends the UMA ticket request with the bearer token and maps resources to scopes', async () => {
    const { received, result } = request(
      HttpResponse.json([
        { rsname: 'serverless-container', scopes: ['create-limited'] },
        { rsname: 'cloud-database' },
      ]),
    );
    await expect(result).resolves.toEqual({
      'serverless-container': ['create-limited'],
      'cloud-database': [],
    });
    const body = new URLSearchParams(received[0]?.body);
    expect(Object.fromEntries(body)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:uma-ticket',
      audience: 'berth-platform',
      response_mode: 'permissions',
    });
    expect(received[0]?.authorization).toBe('Bearer abc');
  });

  it('treats a refusal (403, a suspended customer) as no permissions', async () => {
    await expect(
      request(HttpResponse.json({ error: 'access_denied' }, { status: 403 })).result,
    ).resolves.toEqual({});
  });

  it('fails with "Failed to get permissions" when there is no usable answer', async () => {
    await expect(request(new HttpResponse(null, { status: 502 })).result).rejects.toThrow(
      'Failed to get permissions',
    );
    await expect(request(HttpResponse.error()).result).rejects.toThrow('Failed to get permissions');
  });
});
