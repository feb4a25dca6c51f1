import type { TypedDocumentString as BillingDocument } from '../../gql/billing/graphql.ts';
import type { TypedDocumentString as ConsoleLogsDocument } from '../../gql/console-logs/graphql.ts';
import type { TypedDocumentString as PlatformDocument } from '../../gql/graphql.ts';
import { GraphQLRequestError, HttpStatusError, type GraphQLErrorItem } from './errors.ts';
import { isOnline, waitUntilOnline } from '../network/online-status.ts';
import { defaultRetryPolicy, sleep, withRetry, type RetryPolicy } from './retry.ts';

export interface GraphQLClientOptions {
  endpoint: string;
  getAccessToken: () => Promise<string>;
  /** Called when the API rejects the token (HTTP 401): the session is over and sign-in must restart. */
  onUnauthenticated: () => void;
  retryPolicy?: RetryPolicy;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  isOnline?: () => boolean;
  waitUntilOnline?: (signal?: AbortSignal) => Promise<void>;
}

/**
 * An operation of any API's generated `graphql()` (gql/, gql/billing/, gql/console-logs/), typed with its
 * result and variables. Each generation has its own class, which TypeScript tells apart, hence the union.
 */
export type TypedDocumentString<TResult, TVariables> =
  | PlatformDocument<TResult, TVariables>
  | BillingDocument<TResult, TVariables>
  | ConsoleLogsDocument<TResult, TVariables>;

interface GraphQLResponseBody<TResult> {
  data?: TResult | null;
  errors?: GraphQLErrorItem[];
}

export type GraphQLRequest = <TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  signal?: AbortSignal,
) => Promise<TResult>;

/** The generated documents start with their operation (fragments follow it). */
const isMutation = (query: string) => /^\s*mutation\b/.test(query);

/** How many tagged answers a client keeps to ask again conditionally. */
const TAGGED_ANSWERS_KEPT = 100;

/**
 * A small fetch client: bearer token, retries on network errors and 5xx only. Offline, a query waits for the
 * connection and a mutation fails at once (retry.ts). TanStack Query decides what is kept for the screens;
 * the client keeps only the last answer of each request the API tagged (ETag), to ask for it again with
 * If-None-Match: a 304 gives that same answer back, unchanged and without the server running the query.
 */
export function createGraphQLClient(options: GraphQLClientOptions): GraphQLRequest {
  const retryDependencies = {
    sleep: options.sleep ?? sleep,
    random: options.random ?? Math.random,
    isOnline: options.isOnline ?? isOnline,
    waitUntilOnline: options.waitUntilOnline ?? waitUntilOnline,
  };

  const tagged = new Map<string, { etag: string; data: unknown }>();
  return async function request<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    variables: TVariables,
    signal?: AbortSignal,
  ): Promise<TResult> {
    const query = document.toString();
    const body = JSON.stringify({ query, variables });
    const known = isMutation(query) ? undefined : tagged.get(body);
    const response = await withRetry(
      async () => {
        // The token is read per attempt: a retry after a long back-off must not send an expired one.
        const token = await options.getAccessToken();
        const result = await fetch(options.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            ...(known ? { 'if-none-match': known.etag } : {}),
          },
          body,
          signal,
        });
        if (result.status >= 500) throw new HttpStatusError(result.status);
        return result;
      },
      options.retryPolicy ?? defaultRetryPolicy,
      retryDependencies,
      { signal, whenOffline: isMutation(query) ? 'fail' : 'wait' },
    );

    if (response.status === 401) {
      options.onUnauthenticated();
      throw new HttpStatusError(401);
    }
    if (response.status === 304 && known) return known.data as TResult;
    const payload = (await response.json().catch(() => {
      throw new HttpStatusError(response.status);
    })) as GraphQLResponseBody<TResult>;
    if (payload.errors?.length) throw new GraphQLRequestError(payload.errors);
    if (!response.ok || payload.data == null) throw new HttpStatusError(response.status);
    const etag = response.headers.get('etag');
    // Bounded the simple way: a screen's few requests are tagged again at their next answer.
    if (tagged.size >= TAGGED_ANSWERS_KEPT) tagged.clear();
    if (etag && !isMutation(query)) tagged.set(body, { etag, data: payload.data });
    else tagged.delete(body);
    return payload.data;
  };
}
