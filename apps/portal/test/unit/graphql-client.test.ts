import { describe, expect, it, vi } from 'vitest';
import { createGraphQLClient } from '../../src/lib/graphql/client.ts';
import { GraphQLRequestError, HttpStatusError } from '../../src/lib/graphql/errors.ts';
import { retryDelayMs } from '../../src/lib/graphql/retry.ts';
import { TypedDocumentString } from '../../src/gql/graphql.ts';

const document = new TypedDocumentString<{ namespaces: { name: string }[] }, Record<string, never>>(
  'query Namespaces { namespaces { name } }',
);
const ok = () => Response.json({ data: { namespaces: [{ name: 'web' }] } });

function client(responses: (Response | Error)[]) {
  const fetch = vi.fn(async () => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  const sleep = vi.fn(async (_ms: number) => undefined);
  const onUnauthenticated = vi.fn();
  const request = createGraphQLClient({
    endpoint: '/graphql/platform',
    getAccessToken: async () => 'token-1',
    onUnauthenticated,
    fetch,
    sleep,
    random: () => 0.5,
  });
  return { request, fetch, sleep, onUnauthenticated };
}

describe('GraphQL client', () => {
  it('posts the document and variables with the bearer token', async () => {
    const { request, fetch } = client([ok()]);
    await expect(request(document, {})).resolves.toEqual({ namespaces: [{ name: 'web' }] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql/platform');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(init.body))).toEqual({
      query: 'query Namespaces { namespaces { name } }',
      variables: {},
    });
  });

  it('retries network errors and 5xx answers, then succeeds', async () => {
    const { request, fetch, sleep } = client([
      new TypeError('Failed to fetch'),
      new Response('', { status: 503 }),
      ok(),
    ]);
    await expect(request(document, {})).resolves.toEqual({ namespaces: [{ name: 'web' }] });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000]);
  });

  it('gives up after 7 retries (8 attempts) with exponential delays', async () => {
    const { request, fetch, sleep } = client(
      Array.from({ length: 8 }, () => new Response('', { status: 500 })),
    );
    await expect(request(document, {})).rejects.toBeInstanceOf(HttpStatusError);
    expect(fetch).toHaveBeenCalledTimes(8);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000]);
  });

  it('does not retry GraphQL errors, and exposes their messages and codes', async () => {
    const { request, fetch } = client([
      Response.json({
        errors: [{ message: "namespace 'web' already exists", extensions: { code: 'CONFLICT' } }],
        data: null,
      }),
    ]);
    const error = await request(document, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as GraphQLRequestError).message).toBe("namespace 'web' already exists");
    expect((error as GraphQLRequestError).hasCode('CONFLICT')).toBe(true);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('does not retry 4xx answers; a 401 restarts sign-in', async () => {
    const { request, fetch, onUnauthenticated } = client([new Response('', { status: 401 })]);
    await expect(request(document, {})).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledOnce();
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
});
