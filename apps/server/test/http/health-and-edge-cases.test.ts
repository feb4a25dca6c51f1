import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { OIDC_PATH } from '../support/http.ts';
import { namespaceNames } from '../support/namespaces.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let alice: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  alice = await createCustomer(server, { subscriptions: ['serverless-container'] });
});
afterAll(() => server.close());

const STACK_TRACE = /\n\s+at |\.ts:\d+|node_modules/;

describe('health', () => {
  it('answers 200 while the database answers', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await startServer();
    try {
      // Background work stops first: it would only log that the database is gone.
      await broken.berth.provisioner.stop();
      await broken.berth.scheduler.stop();
      await broken.berth.database.close();
      const response = await fetch(`${broken.url}/healthz`);
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body).toEqual({ status: 'unavailable', reason: 'database does not answer: closed' });
      expect(JSON.stringify(body)).not.toMatch(STACK_TRACE);
    } finally {
      // The database is closed already: closing it again fails, which is not what this test is about.
      await broken.berth.close().catch(() => undefined);
      await broken.database.drop();
    }
  });
});

describe('HTTP edge cases', () => {
  it.each(['/graphql/nothing', '/api/v1/whatever', '/billing/nothing/here'])(
    'answers an unknown API path (%s) with 404 JSON and no stack trace',
    async (path) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { accept: 'text/html,application/json' },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ error: expect.any(String) });
      expect(text).not.toMatch(STACK_TRACE);
    },
  );

  it('answers a malformed JSON body with a 4xx error and no stack trace', async () => {
    const response = await fetch(`${server.url}/graphql/platform`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await alice.token()}` },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(STACK_TRACE);
  });

  it('refuses a body over 1 MiB with 413, and runs nothing', async () => {
    const padding = 'x'.repeat(1024 * 1024 + 1);
    const response = await fetch(`${server.url}/graphql/platform`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await alice.token()}` },
      body: JSON.stringify({
        query:
          'mutation($name: String!, $description: String) { namespaceCreate(namespaceInput: {name: $name, description: $description}) { id } }',
        variables: { name: 'too-big', description: padding },
      }),
    });
    expect(response.status).toBe(413);
    expect(await namespaceNames(alice)).not.toContain('too-big');
  });

  it('refuses a form over 1 MiB at the token endpoint with 413', async () => {
    const response = await fetch(`${server.url}${OIDC_PATH}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'berth-cli',
        username: 'x',
        password: 'y'.repeat(1024 * 1024 + 1),
      }),
    });
    expect(response.status).toBe(413);
  });

  it('sends security headers on API answers and on the sign-in pages', async () => {
    const api = await fetch(`${server.url}/graphql/platform`, { method: 'POST' });
    const discovery = await fetch(`${server.url}/realms/berth/.well-known/openid-configuration`);
    for (const response of [api, discovery]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    }
  });
});

describe('CORS', () => {
  const query = JSON.stringify({ query: '{ namespaces { id } }' });
  const post = async (origin: string) =>
    fetch(`${server.url}/graphql/platform`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', authorization: `Bearer ${await alice.token()}` },
      body: query,
    });

  it("answers the portal's own origin and the development portal with credentials allowed", async () => {
    for (const origin of [server.url, 'http://localhost:5173']) {
      const response = await post(origin);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    }
  });

  it('gives any other origin no CORS answer, on requests and on preflights', async () => {
    const response = await post('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${server.url}/graphql/platform`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight of a configured origin (CORS_ORIGINS)', async () => {
    const other = await startServer({ CORS_ORIGINS: 'https://console.example.com' });
    try {
      const preflight = await fetch(`${other.url}/graphql/platform`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://console.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    } finally {
      await other.close();
    }
  });
});

describe('GraphQL limits', () => {
  /**
   * A valid selection below namespaceCreate making the operation `levels` deep. The schema has no cycle yet, so the levels are
   * nested inline fragments, which count as levels like fields do.
   */
  function deepSelection(levels: number): string {
    let selection = 'name';
    for (let level = 2; level < levels; level++) selection = `... on Namespace { ${selection} }`;
    return selection;
  }

  it('rejects a query deeper than 10 levels with a GraphQL error and runs nothing', async () => {
    const mutation = `mutation { namespaceCreate(namespaceInput: { name: "too-deep" }) { ${deepSelection(11)} } }`;
    const { body } = await alice.gql(mutation);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/depth/i);
    expect(await namespaceNames(alice)).not.toContain('too-deep');
  });

  it('runs the same operation 10 levels deep (the control)', async () => {
    const mutation = `mutation { namespaceCreate(namespaceInput: { name: "shallow" }) { ${deepSelection(10)} } }`;
    const { body } = await alice.gql(mutation);
    expect(body.errors).toBeUndefined();
    expect(await namespaceNames(alice)).toContain('shallow');
  });

  it('rejects an operation with too many aliases and runs nothing', async () => {
    const names = Array.from({ length: 40 }, (_, index) => `alias-${index}`);
    const mutation = `mutation { ${names
      .map((name, index) => `a${index}: namespaceCreate(namespaceInput: { name: "${name}" }) { id }`)
      .join('\n')} }`;
    const { body } = await alice.gql(mutation);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/alias/i);
    expect((await namespaceNames(alice)).filter((name) => name.startsWith('alias-'))).toEqual([]);
  });

  it('answers a syntax error as a GraphQL error without internals', async () => {
    const { body } = await alice.gql('{ namespaces { ');
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/Syntax Error/);
    expect(JSON.stringify(body)).not.toMatch(STACK_TRACE);
  });
});

describe("the portal's session analytics", () => {
  const connectSrcWith = async (overrides: Record<string, string>) => {
    const other = await startServer(overrides);
    try {
      const policy = (await fetch(`${other.url}/healthz`)).headers.get('content-security-policy') ?? '';
      return /connect-src ([^;]*);/.exec(policy)?.[1];
    } finally {
      await other.close();
    }
  };

  it('may reach the PostHog host only when the portal is built with a key', async () => {
    expect(await connectSrcWith({ POSTHOG_KEY: 'phc_test' })).toBe("'self' https://eu.i.posthog.com");
    expect(
      await connectSrcWith({
        VITE_POSTHOG_KEY: 'phc_test',
        VITE_POSTHOG_HOST: 'https://ph.example.com/ingest',
      }),
    ).toBe("'self' https://ph.example.com");
    expect(await connectSrcWith({ POSTHOG_HOST: 'https://ph.example.com' })).toBe("'self'");
  });
});
