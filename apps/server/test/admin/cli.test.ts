import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, uniqueEmail } from '../support/customers.ts';
import { passwordGrant, tokenFor, umaPermissions } from '../support/http.ts';
import { runAdmin } from '../support/process.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The server runs in this process; with PGlite the command line reaches the database through it
// (DATA_DIR/server.json), with PostgreSQL directly.
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = (...args: string[]) => runAdmin(server.database, args);

/** The customer of an account as the operators' list shows it, or undefined. */
async function customerOf(email: string) {
  return (await server.services.accounts.listCustomers()).find((row) => row.email === email);
}

async function permissions(email: string, password: string) {
  return umaPermissions(server.url, (await tokenFor(server.url, email, password)).access_token);
}

// Each call starts a Node process that compiles the command line (tsx): a few seconds each on a busy machine.
describe('admin command line while the server runs', { timeout: 60_000 }, () => {
  it('creates an account that signs in at once, grants a subscription and suspends the customer', async () => {
    const email = uniqueEmail('admin');
    const created = await admin(
      'account',
      'create',
      '--email',
      email,
      '--password',
      'admin-made-pw',
      '--name',
      'Made By Admin',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(email);
    expect((await passwordGrant(server.url, email, 'admin-made-pw')).status).toBe(200);
    expect((await customerOf(email))?.name).toBe('Made By Admin');

    const granted = await admin(
      'subscription',
      'grant',
      '--email',
      email,
      '--product',
      'serverless-container',
    );
    expect(granted.code, granted.stderr).toBe(0);
    expect((await permissions(email, 'admin-made-pw')).body).toEqual([
      { rsname: 'serverless-container', scopes: ['create'] },
    ]);

    const suspended = await admin('customer', 'suspend', '--email', email, '--reason', 'PAYMENT_ISSUES');
    expect(suspended.code, suspended.stderr).toBe(0);
    expect((await permissions(email, 'admin-made-pw')).status).toBe(403);
    expect((await customerOf(email))?.suspendedReason).toBe('PAYMENT_ISSUES');
  });

  it('refuses bad arguments with a clear message and a non-zero exit, changing nothing', async () => {
    const customer = await createCustomer(server);
    const missingPassword = uniqueEmail('incomplete');
    const [badReason, missingOption, unknownCommand, noCommand] = await Promise.all([
      admin('customer', 'suspend', '--email', customer.email, '--reason', 'BORED'),
      admin('account', 'create', '--email', missingPassword),
      admin('customer', 'explode', '--email', customer.email),
      admin(),
    ]);

    expect(badReason.code).not.toBe(0);
    expect(badReason.stderr).toMatch(/Unknown reason BORED/);
    expect(badReason.stderr).toContain('PAYMENT_ISSUES'); // names the valid reasons
    expect((await customerOf(customer.email))?.suspendedReason).toBeNull();

    expect(missingOption.code).not.toBe(0);
    expect(missingOption.stderr).toMatch(/Missing --password/);
    expect(await customerOf(missingPassword)).toBeUndefined();

    expect(unknownCommand.code).not.toBe(0);
    expect(unknownCommand.stderr).toMatch(/Unknown command: customer explode/);
    expect(noCommand.code).not.toBe(0);
    expect(noCommand.stderr).toMatch(/Usage: npm run admin/);
  });

  it('answers an unknown account with an error naming it', async () => {
    const email = uniqueEmail('ghost');
    const result = await admin('customer', 'suspend', '--email', email, '--reason', 'PAYMENT_ISSUES');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(email);
    expect(result.stderr).toMatch(/not found/);
  });
});
