import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/errors.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { passwordGrant } from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';

// Sign-in names and account names reach the database too: NUL, control characters and huge values are
// refused like any bad input, never a 500 (issue 11, defect 4 outside GraphQL).

let server: TestServer;
let alice: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  alice = await createCustomer(server);
});
afterAll(() => server.close());

describe('the password grant', () => {
  it.each([
    ['NUL', 'a\u0000@example.com'],
    ['an escape sequence', 'a\u001b[31m@example.com'],
    ['10,000 characters', `${'a'.repeat(10_000)}@example.com`],
    ['a lone surrogate', 'a\ud800@example.com'],
  ])('answers a username with %s like a wrong password', async (_case, username) => {
    const response = await passwordGrant(server.url, username, 'whatever-password');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });

  it('still signs in a real account', async () => {
    const response = await passwordGrant(server.url, alice.email, alice.password);
    expect(response.status).toBe(200);
  });
});

describe('registration', () => {
  it.each([
    ['NUL', 'Ann\u0000'],
    ['a line break', 'Ann\nBob'],
    ['DEL', 'Ann\u007f'],
  ])('refuses a name with %s as bad input, creating nothing', async (_case, name) => {
    const email = `ann-${Math.random().toString(16).slice(2)}@test.berth.example`;
    const error = await server.services.accounts
      .create({ name, email, password: 'long-enough-password' }, { verified: false })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'name',
      message: 'Name must not contain control characters',
    });
    expect(await passwordGrant(server.url, email, 'long-enough-password')).toMatchObject({ status: 400 });
  });
});
