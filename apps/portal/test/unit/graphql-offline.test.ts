import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TypedDocumentString } from '../../src/gql/graphql.ts';
import { createGraphQLClient } from '../../src/lib/graphql/client.ts';
import { OfflineError } from '../../src/lib/graphql/errors.ts';
import { setBrowserOnline } from '../support/network.ts';
import { server } from '../support/server.ts';

const query = new TypedDocumentString<{ namespaces: { name: string }[] }, Record<string, never>>(
  'query Namespaces { namespaces { name } }',
);
const mutation = new TypedDocumentString<{ namespaceCreate: { name: string } }, { name: string }>(
  '\n    mutation CreateNamespace($name: String!) { namespaceCreate(input: { name: $name }) { name } }',
);

/** A client whose endpoint answers with `respond` for every request, counting them. */
function client(respond: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post('/graphql/platform', async ({ request }) => {
      sent.push(await request.json());
      return respond();
    }),
  );
  const sleep = vi.fn(async (_ms: number) => undefined);
  const request = createGraphQLClient({
    endpoint: '/graphql/platform',
    getAccessToken: async () => 'token-1',
    onUnauthenticated: () => undefined,
    sleep,
    random: () => 0.5,
  });
  return { request, sent, sleep };
}

afterEach(() => setBrowserOnline(true));

describe('GraphQL client offline', () => {
  it('fails a mutation at once while offline, sending nothing', async () => {
    const { request, sent } = client(() => HttpResponse.json({ data: { namespaceCreate: { name: 'web' } } }));
    setBrowserOnline(false);
    const error = await request(mutation, { name: 'web' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OfflineError);
    expect((error as Error).message).toBe('You are offline: nothing was sent');
    setBrowserOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });

  it('does not send a mutation again once the connection dropped under it', async () => {
    const { request, sent, sleep } = client(() => {
      setBrowserOnline(false);
      return HttpResponse.error();
    });
    await expect(request(mutation, { name: 'web' })).rejects.toBeInstanceOf(TypeError);
    expect(sent).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('pauses a query while offline and resumes it when back online, without spending retries', async () => {
    let answers = 0;
    const { request, sent, sleep } = client(() => {
      answers += 1;
      if (answers === 1) {
        setBrowserOnline(false);
        return HttpResponse.error();
      }
      return HttpResponse.json({ data: { namespaces: [{ name: 'web' }] } });
    });
    const result = request(query, {});
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // Offline for longer than the whole back-off: nothing is sent meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    setBrowserOnline(true);
    await expect(result).resolves.toEqual({ namespaces: [{ name: 'web' }] });
    expect(sent).toHaveLength(2);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('stops waiting for the connection when the query is cancelled', async () => {
    const { request, sent } = client(() => {
      setBrowserOnline(false);
      return HttpResponse.error();
    });
    const controller = new AbortController();
    const result = request(query, {}, controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort(new Error('left the page'));
    await expect(result).rejects.toThrow('left the page');
  });
});
