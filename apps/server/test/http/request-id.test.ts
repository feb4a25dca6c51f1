import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { startServer, type TestServer } from '../support/server.ts';

// Every answer names its request (X-Request-Id), every error answer says the same id in its body, and every
// line logged while the request was handled says it too: the lines of `request.log` and those of the shared
// logger the services and the GraphQL layer write to.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
let alice: TestCustomer;
const logged: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startServer({ LOG_LEVEL: 'info' }, { logStream });
  alice = await createCustomer(server, { subscriptions: ['serverless-container'] });
});
afterAll(() => server.close());

/** The lines logged for this request id, parsed; the raw lines too, to count their fields. */
function linesOf(requestId: string) {
  const raw = logged.filter((line) => line.includes(requestId));
  return { raw, parsed: raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const graphql = async (query: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/graphql/platform`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await alice.token()}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify({ query }),
  });

interface GraphQLAnswer {
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

describe('the request id', () => {
  it('is in the header and the body of a 404', async () => {
    const response = await fetch(`${server.url}/api/v1/whatever`);
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(UUID);
    expect(await response.json()).toEqual({
      error: 'Not Found',
      message: 'GET /api/v1/whatever not found',
      requestId,
    });
  });

  it('is in the header and the body of a 400', async () => {
    const response = await fetch(`${server.url}/billing/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await alice.token()}`, 'content-type': 'application/json' },
      body: '{"planId":',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      error: 'FST_ERR_CTP_INVALID_JSON_BODY',
      requestId: response.headers.get('x-request-id'),
    });
  });

  it("is in every GraphQL error's extensions, which keep their code", async () => {
    const missing = await graphql('{ namespace(name: "nowhere") { id } }');
    const requestId = missing.headers.get('x-request-id');
    expect(((await missing.json()) as GraphQLAnswer).errors?.[0]?.extensions).toEqual({
      code: 'NOT_FOUND',
      requestId,
    });

    const invalid = await graphql('{ namespace(name: "x") { noSuchField } }');
    expect(((await invalid.json()) as GraphQLAnswer).errors?.[0]?.extensions).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      requestId: invalid.headers.get('x-request-id'),
    });

    const malformed = await graphql('{ namespace(name: ');
    expect(((await malformed.json()) as GraphQLAnswer).errors?.[0]?.extensions).toMatchObject({
      code: 'GRAPHQL_PARSE_FAILED',
      requestId: malformed.headers.get('x-request-id'),
    });

    const anonymous = await fetch(`${server.url}/graphql/platform`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ namespaces { id } }' }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as GraphQLAnswer).errors?.[0]?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      requestId: anonymous.headers.get('x-request-id'),
    });
  });

  it("is the caller's X-Request-Id when that is a sane token, a fresh one otherwise", async () => {
    const adopted = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.9c_2-e' } });
    expect(adopted.headers.get('x-request-id')).toBe('lb-7f3a.9c_2-e');
    for (const insane of ['two words', 'x'.repeat(65), 'line\u00e9break', '{"json":1}']) {
      const replaced = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': insane } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it("is in every line logged while the request was handled, the shared logger's too", async () => {
    // A service fails after logging through the shared logger (as services do): an unexpected failure.
    const find = vi.spyOn(server.services.namespaces, 'find').mockImplementationOnce(() => {
      server.berth.app.log.warn('looking the namespace up');
      return Promise.reject(new Error('the disk is on fire'));
    });
    const response = await graphql('{ namespace(name: "shop") { id } }', {
      'x-request-id': 'support-case-4711',
    });
    find.mockRestore();
    expect(response.headers.get('x-request-id')).toBe('support-case-4711');
    expect(((await response.json()) as GraphQLAnswer).errors).toEqual([
      {
        message: 'Unexpected error.',
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'support-case-4711' },
      },
    ]);

    const { raw, parsed } = linesOf('support-case-4711');
    expect(parsed.map((line) => line.msg)).toEqual([
      'incoming request',
      'looking the namespace up',
      'GraphQL resolver failed',
      'request completed',
    ]);
    expect(parsed.every((line) => line.reqId === 'support-case-4711')).toBe(true);
    // Once per line, whether Fastify's request logger bound it or the shared logger's mixin added it.
    expect(raw.every((line) => line.split('"reqId"').length === 2)).toBe(true);
    // Background work logs no request id.
    server.berth.app.log.warn('between requests');
    expect(JSON.parse(logged.at(-1) ?? '{}')).not.toHaveProperty('reqId');
  });
});
