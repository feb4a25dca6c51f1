import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFile } from '../../src/admin/endpoint.ts';
import { KEYCLOAK_ROUTES } from '../../src/identity/provider.ts';
import { authorizationQuery, Browser, expectCode, expectPage, pkce } from '../support/browser.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { REALM_PATH } from '../support/http.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { describeNeeding } from '../support/postgres-server.ts';

// Every REST route of the identity provider and the admin endpoint answers a missing, malformed or
// mistyped body with a 4xx that says what is wrong: never a 500, and nothing changes.

let server: TestServer;
let customer: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  customer = await createCustomer(server);
});
afterAll(() => server.close());

interface Hostile {
  name: string;
  contentType?: string;
  body?: string;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Bodies no client should send, built around the field names a route reads. */
function hostileBodies(fields: string[]): Hostile[] {
  const each = (value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
  return [
    { name: 'no body' },
    { name: 'an empty JSON body', contentType: JSON_TYPE, body: '' },
    { name: 'an empty form', contentType: FORM_TYPE, body: '' },
    { name: 'null', contentType: JSON_TYPE, body: 'null' },
    { name: 'an array', contentType: JSON_TYPE, body: '[]' },
    { name: 'an array of objects', contentType: JSON_TYPE, body: JSON.stringify([each('x')]) },
    { name: 'a string', contentType: JSON_TYPE, body: '"text"' },
    { name: 'a number', contentType: JSON_TYPE, body: '42' },
    { name: 'invalid JSON', contentType: JSON_TYPE, body: '{"unterminated' },
    { name: 'objects for fields', contentType: JSON_TYPE, body: JSON.stringify(each({ nested: true })) },
    { name: 'lists for fields', contentType: JSON_TYPE, body: JSON.stringify(each([['a'], { b: 1 }])) },
    {
      name: 'repeated form fields',
      contentType: FORM_TYPE,
      body: fields.flatMap((field) => [`${field}=a`, `${field}=b`]).join('&'),
    },
    { name: 'plain text', contentType: 'text/plain', body: fields.map((field) => `${field}=a`).join('&') },
    { name: 'XML', contentType: 'application/xml', body: '<login/>' },
    { name: 'multipart', contentType: 'multipart/form-data; boundary=x', body: '--x--\r\n' },
  ];
}

async function post(path: string, hostile: Hostile, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...(hostile.contentType ? { 'content-type': hostile.contentType } : {}), ...headers },
    body: hostile.body,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An HTML page or plain text: the status says enough.
  }
  return { status: response.status, body, text };
}

/** A client error, not a server one, and not the masked answer of an unexpected failure. */
function expectClientError(answer: Awaited<ReturnType<typeof post>>, hostile: Hostile) {
  expect(answer.status, `${hostile.name}: ${answer.text}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${hostile.name}: ${answer.text}`).toBeLessThan(500);
  expect(answer.text).not.toMatch(/Something went wrong/);
}

describe('sign-in and sign-up forms', () => {
  let browser: Browser;
  let interaction: string;

  beforeAll(async () => {
    browser = new Browser(server.url);
    const form = expectPage(
      await browser.get(
        `${REALM_PATH}/protocol/openid-connect/auth?${authorizationQuery(server.url, pkce())}`,
      ),
    );
    interaction = form.url.pathname;
  });

  const forms: [string, string[]][] = [
    ['login', ['email', 'password']],
    ['register', ['name', 'email', 'password', 'passwordConfirm']],
  ];

  describe.each(forms)('POST …/interaction/:uid/%s', (action, fields) => {
    it.each(hostileBodies(fields))('refuses $name with a 4xx naming the problem', async (hostile) => {
      const customersBefore = (await server.services.accounts.listCustomers()).length;
      // With the interaction's cookies: a malformed body must not get past the schema to the handler.
      const answer = await post(`${interaction}/${action}`, hostile, { cookie: browser.jar.header() });
      expectClientError(answer, hostile);
      expect(answer.body.message, answer.text).toEqual(
        expect.stringMatching(/body|content|JSON|media type/i),
      );
      expect((await server.services.accounts.listCustomers()).length).toBe(customersBefore);
    });
  });

  it('still signs in on the same interaction after all of them', async () => {
    expectCode(
      await browser.post(`${interaction}/login`, { email: customer.email, password: customer.password }),
    );
  });
});

describe('token endpoint', () => {
  it.each(hostileBodies(['grant_type', 'client_id', 'username', 'password']))(
    'refuses $name with an OAuth invalid_request',
    async (hostile) => {
      const answer = await post(`${REALM_PATH}${KEYCLOAK_ROUTES.token}`, hostile);
      expectClientError(answer, hostile);
      expect(answer.body).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
    },
  );
});

// The other endpoints read their bodies themselves (oidc-provider) or not at all.
const otherRoutes = Object.entries(KEYCLOAK_ROUTES).filter(([name]) => name !== 'token');

describe.each(otherRoutes)('%s endpoint', (_name, route) => {
  it.each(hostileBodies(['token', 'client_id', 'id_token_hint', 'redirect_uri']))(
    'refuses $name with a 4xx',
    async (hostile) => {
      expectClientError(await post(`${REALM_PATH}${route}`, hostile), hostile);
    },
  );
});

// The admin endpoint exists with PGlite only (with PostgreSQL the command line opens the database).
describeNeeding(
  process.env.DATABASE_URL ? 'PGlite (with PostgreSQL the command line opens the database)' : undefined,
  'admin endpoint',
  () => {
    let token: string;
    beforeAll(async () => {
      ({ token } = JSON.parse(await readFile(serverFile(server.database.dataDir), 'utf8')) as {
        token: string;
      });
    });

    it.each(hostileBodies(['argv']))('refuses $name with a 4xx naming the problem', async (hostile) => {
      const customersBefore = await server.services.accounts.listCustomers();
      const answer = await post('/admin/commands', hostile, { authorization: `Bearer ${token}` });
      expectClientError(answer, hostile);
      expect(answer.body.message, answer.text).toEqual(
        expect.stringMatching(/body|content|JSON|media type/i),
      );
      expect(await server.services.accounts.listCustomers()).toEqual(customersBefore);
    });

    it.each(hostileBodies(['argv']))('refuses $name without the token as forbidden', async (hostile) => {
      const answer = await post('/admin/commands', hostile);
      expect(answer.status).toBe(403);
    });

    it('refuses a command line with an item that is not a string (400), running nothing', async () => {
      const answer = await post(
        '/admin/commands',
        { name: 'a number item', contentType: JSON_TYPE, body: JSON.stringify({ argv: ['customer', 5] }) },
        { authorization: `Bearer ${token}` },
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'BAD_REQUEST', message: 'body/argv must be an array of strings' });
    });

    it('runs a well-formed command', async () => {
      const answer = await post(
        '/admin/commands',
        {
          name: 'customer list',
          contentType: JSON_TYPE,
          body: JSON.stringify({ argv: ['customer', 'list'] }),
        },
        { authorization: `Bearer ${token}` },
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ exitCode: 0, output: expect.stringContaining(customer.email) });
    });
  },
);
