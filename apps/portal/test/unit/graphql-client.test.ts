import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createGraphQLClient } from '../../src/lib/graphql/client.ts';
import { GraphQLRequestError, HttpStatusError } from '../../src/lib/graphql/errors.ts';
import { retryDelayMs } from '../../src/lib/graphql/retry.ts';
import { TypedDocumentString } from '../../src/gql/graphql.ts';
import { server } from '../support/server.ts';

const document = new TypedDocumentString<{ namespaces: { name: string }[] }, Record<string, never>>(
  'query Namespaces { namespaces { name } }',
);
const ok = () => HttpResponse.json({ data: { namespaces: [{ name: 'web' }] } });
/** What the network does instead of answering: the request fails, as when the connection drops. */
const networkError = () => HttpResponse.error();

/** A client whose endpoint gives the `responses` in turn (none left fails the test: unhandled). */
function client(responses: (() => Response)[]) {
  const received: {
    url: string;
    method: string;
    authorization: string | null;
    ifNoneMatch: string | null;
    body: unknown;
  }[] = [];
  server.use(
    ...responses.map((respond) =>
      http.post(
        '/graphql/platform',
        async ({ request }) => {
          const { url, method, headers } = request;
          received.push({
            url,
            method,
            authorization: headers.get('authorization'),
            ifNoneMatch: headers.get('if-none-match'),
            body: await request.json(),
          });
          return respond();
        },
        { once: true },
      ),
    ),
  );
  const sleep = vi.fn(async (_ms: number) => undefined);
  const onUnauthenticated = vi.fn();
  const request = createGraphQLClient({
    endpoint: '/graphql/platform',
    getAccessToken: async () => 'token-1',
    onUnauthenticated,
    sleep,
    random: () => 0.5,
  });
  return { request, received, sleep, onUnauthenticated };
}

describe('GraphQL client', () => {
  it('posts the document and variables with the bearer token', async () => {
    const { request, received } = client([ok]);
    await expect(request(document, {})).resolves.toEqual({ namespaces: [{ name: 'web' }] });
    const [sent] = received;
    expect(sent?.url).toBe(`${window.location.origin}/graphql/platform`);
    expect(sent?.method).toBe('POST');
    expect(sent?.authorization).toBe('Bearer token-1');
    expect(sent?.body).toEqual({
      query: 'query Namespaces { namespaces { name } }',
      variables: {},
    });
  });

  it('retries network errors and 5xx answers, then succeeds', async () => {
    const { request, received, sleep } = client([
      networkError,
      () => new HttpResponse(null, { status: 503 }),
      ok,
    ]);
    await expect(request(document, {})).resolves.toEqual({ namespaces: [{ name: 'web' }] });
    expect(received).toHaveLength(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000]);
  });

  it('gives up after 7 retries (8 attempts) with exponential delays', async () => {
    const { request, received, sleep } = client(
      Array.from({ length: 8 }, () => () => new HttpResponse(null, { status: 500 })),
    );
    await expect(request(document, {})).rejects.toBeInstanceOf(HttpStatusError);
    expect(received).toHaveLength(8);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000]);
  });

  it('does not retry GraphQL errors, and exposes their messages and codes', async () => {
    const { request, received } = client([
      () =>
        HttpResponse.json({
          errors: [{ message: "namespace 'web' already exists", extensions: { code: 'CONFLICT' } }],
          data: null,
        }),
    ]);
    const error = await request(document, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as GraphQLRequestError).message).toBe("namespace 'web' already exists");
    expect((error as GraphQLRequestError).hasCode('CONFLICT')).toBe(true);
    expect(received).toHaveLength(1);
  });

  it('does not retry 4xx answers; a 401 restarts sign-in', async () => {
    const { request, received, onUnauthenticated } = client([() => new HttpResponse(null, { status: 401 })]);
    await expect(request(document, {})).rejects.toMatchObject({ status: 401 });
    expect(received).toHaveLength(1);
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });
});

describe('retry delay', () => {
  it('doubles from 500 ms and spreads each delay by ±50 % jitter', () => {
    const policy = { retries: 7, initialDelayMs: 500 };
    expect(retryDelayMs(0, policy, () => 0)).toBe(250);
    expect(retryDelayMs(0, policy, () => 0.999)).toBe(750);
    expect(retryDelayMs(3, policy, () => 0.5)).toBe(4000);
  });

  it('asks again for a tagged answer with If-None-Match, and a 304 gives that same answer back', async () => {
    const tagged = () =>
      HttpResponse.json({ data: { namespaces: [{ name: 'web' }] } }, { headers: { etag: 'W/"7-abc"' } });
    const notModified = () => new HttpResponse(null, { status: 304, headers: { etag: 'W/"7-abc"' } });
    const retagged = () =>
      HttpResponse.json({ data: { namespaces: [{ name: 'api' }] } }, { headers: { etag: 'W/"8-def"' } });
    const { request, received } = client([tagged, notModified, retagged]);
    const first = await request(document, {});
    const second = await request(document, {});
    // The very same object: nothing on the screen needs to change.
    expect(second).toBe(first);
    await expect(request(document, {})).resolves.toEqual({ namespaces: [{ name: 'api' }] });
    expect(received.map((sent) => sent.ifNoneMatch)).toEqual([null, 'W/"7-abc"', 'W/"7-abc"']);
  });

  it('sends no If-None-Match with a mutation, nor for an answer that came untagged', async () => {
    const mutation = new TypedDocumentString<{ namespaceDelete: boolean }, Record<string, never>>(
      'mutation Delete { namespaceDelete(name: "web") }',
    );
    const tagged = () =>
      HttpResponse.json({ data: { namespaceDelete: true } }, { headers: { etag: 'W/"1-x"' } });
    const { request, received } = client([tagged, tagged, ok, ok]);
    await request(mutation, {});
    await request(mutation, {});
    await request(document, {});
    await request(document, {});
    expect(received.map((sent) => sent.ifNoneMatch)).toEqual([null, null, null, null]);
  });
});
