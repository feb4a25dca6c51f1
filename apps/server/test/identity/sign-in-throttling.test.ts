import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationQuery, Browser, expectPage, pkce, signUp, type Landing } from '../support/browser.ts';
import { createCustomer, uniqueEmail } from '../support/customers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { OIDC_PATH, passwordGrant } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { spawnServer, type ServerProcess } from '../support/process.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { describeNeeding, withoutDatabaseUrl } from '../support/postgres-server.ts';

// Its own server: the per-address block below would refuse every other test's sign-ins from 127.0.0.1.
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const THROTTLED = /Too many failed sign-in attempts/;

/** Repeats a failing attempt until the server answers 429; returns how many attempts that took. */
async function failUntilThrottled(attempt: (n: number) => Promise<number>, maxAttempts: number) {
  for (let n = 1; n <= maxAttempts; n++) {
    const status = await attempt(n);
    if (status === 429) return n;
    expect([400, 401]).toContain(status);
  }
  throw new Error(`no 429 after ${maxAttempts} failed attempts`);
}

async function signInForm(browser: Browser) {
  return expectPage(
    await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(server.url, pkce()).toString()}`),
  );
}

/** Sends the wrong password for one account many times at once, spread over the given servers. */
async function parallelWrongPasswords(urls: string[], email: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, n) =>
      passwordGrant(urls[n % urls.length] ?? '', email, 'wrong-password'),
    ),
  );
}

/**
 * Five answers say the password was wrong (five checks ran), every other one was refused unchecked: the
 * count of failures is taken before a password is checked, so concurrent attempts cannot all pass it.
 */
function expectFiveChecks(answers: Awaited<ReturnType<typeof parallelWrongPasswords>>) {
  const checked = answers.filter((answer) => answer.status === 400);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(checked.length + refused.length).toBe(answers.length);
  for (const answer of checked)
    expect(answer.body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Invalid user credentials',
    });
  expect(checked).toHaveLength(5);
  for (const answer of refused) {
    expect(answer.body.error_description).toMatch(THROTTLED);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

describe('throttling of failed sign-ins', () => {
  it('blocks an account after repeated wrong passwords, on the form and on the password grant', async () => {
    const victim = await createCustomer(server);
    const browser = new Browser(server.url);
    const form = await signInForm(browser);
    let last: Landing | undefined;
    const attempts = await failUntilThrottled(async () => {
      last = await browser.post(`${form.url.pathname}/login`, {
        email: victim.email,
        password: 'wrong-password',
      });
      return expectPage(last).status;
    }, 20);
    expect(attempts).toBeGreaterThan(1); // one mistake is not throttled
    const blocked = expectPage(last as Landing);
    expect(blocked.html).toMatch(THROTTLED);

    // The right password is refused too while the block lasts, on the form ...
    const correct = expectPage(
      await browser.post(`${form.url.pathname}/login`, { email: victim.email, password: victim.password }),
    );
    expect(correct.status).toBe(429);
    expect(correct.html).toMatch(THROTTLED);
    // ... and on the password grant, with Retry-After.
    const grant = await passwordGrant(server.url, victim.email, victim.password);
    expect(grant.status).toBe(429);
    expect(grant.body.error_description).toMatch(THROTTLED);
    expect(Number(grant.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(grant.body.access_token).toBeUndefined();

    // Another account is not affected.
    const bystander = await createCustomer(server);
    expect((await passwordGrant(server.url, bystander.email, bystander.password)).status).toBe(200);
  });

  it('checks at most five passwords of an account however many attempts arrive at once', async () => {
    const victim = await createCustomer(server);
    expectFiveChecks(await parallelWrongPasswords([server.url], victim.email, 15));
    expect((await passwordGrant(server.url, victim.email, victim.password)).status).toBe(429);
  });

  it('blocks an address that fails against many accounts', async () => {
    const other = await createCustomer(server);
    const attempts = await failUntilThrottled(
      async () => (await passwordGrant(server.url, uniqueEmail('guess'), 'guessed-password')).status,
      50,
    );
    expect(attempts).toBeGreaterThan(1);
    const refused = await passwordGrant(server.url, other.email, other.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error_description).toMatch(THROTTLED);
  });
});

// Two processes on one database take their counts from the same rows: PostgreSQL only (PGlite admits one
// process).
describeNeeding(withoutDatabaseUrl, 'throttling across two server processes', () => {
  let database: TestDatabase;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // One after the other: the first migrates the database.
    for (let n = 0; n < 2; n++) processes.push(await spawnServer(database, await freePort()));
  });
  afterAll(async () => {
    await Promise.all(processes.map((child) => child.stop('SIGTERM')));
    await database.drop();
  });

  it('checks at most five passwords of an account when the attempts are split between them', async () => {
    const account = { name: 'Victim', email: uniqueEmail('victim'), password: 'the-right-password' };
    await signUp(processes[0]?.url ?? '', account);
    const urls = processes.map((child) => child.url);
    expectFiveChecks(await parallelWrongPasswords(urls, account.email, 15));
    for (const url of urls)
      expect((await passwordGrant(url, account.email, account.password)).status).toBe(429);
  });
});
