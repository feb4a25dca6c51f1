import { describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { umaPermissions } from '../support/http.ts';
import { useSignInWorld } from './setup.ts';

const world = useSignInWorld();

describe('UMA permissions', () => {
  const permissions = async (customer: TestCustomer) =>
    umaPermissions(world.server.url, await customer.token());

  it('gives a new customer create-limited, a subscribed one create, a suspended one nothing', async () => {
    const customer = await createCustomer(world.server);
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
    const response = await umaPermissions(world.server.url, undefined);
    expect(response.status).toBe(401);
    expect(response.body).not.toBeInstanceOf(Array);
  });
});
