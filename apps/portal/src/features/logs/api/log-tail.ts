import { createClient, NetworkError, type ExecutionResult } from 'graphql-sse';
import { env } from '@/config/env.ts';
import { session } from '@/lib/auth/session.ts';
import { graphql } from '@/lib/graphql/console-logs-document.ts';
import { withFragments } from '@/lib/graphql/document.ts';
import { GraphQLRequestError, HttpStatusError } from '@/lib/graphql/errors.ts';
import { retryDelayMs } from '@/lib/graphql/retry.ts';
import type { ContainerLogTailSubscription, JobRunLogTailSubscription } from '@/gql/console-logs/graphql.ts';
import { logLineFragment, type LogLineItem } from './log-line-fragment.ts';
import { containerInput, jobRunInput, type LogSource } from './log-source.ts';

// The live tail: a GraphQL subscription over server-sent events (graphql-sse, distinct connections mode, as
// Yoga serves it). graphql-sse's own retry would send the first request again, with the `afterId` the tail
// started from; this resumes itself instead, after the newest line it has had, so that a dropped connection
// loses no line and doubles none (the server's catch-up sends the lines written meanwhile, at most 1000).

const containerLogTail = withFragments(
  graphql(`
    subscription ContainerLogTail($source: ContainerLogSource!, $afterId: ID, $filter: String) {
      containerLogTail(source: $source, afterId: $afterId, filter: $filter) {
        ...LogLineItem
      }
    }
  `),
  logLineFragment,
);

const jobRunLogTail = withFragments(
  graphql(`
    subscription JobRunLogTail($source: JobRunLogSource!, $afterId: ID, $filter: String) {
      jobRunLogTail(source: $source, afterId: $afterId, filter: $filter) {
        ...LogLineItem
      }
    }
  `),
  logLineFragment,
);

/** Back-off between reconnections: 0.5, 1, 2 … s with jitter, at most 30 s apart, for as long as it is followed. */
const reconnectPolicy = { retries: Infinity, initialDelayMs: 500 };
const MAX_RECONNECT_DELAY_MS = 30_000;

/** A client per tail (cheap: it holds no connection of its own), taking the page's fetch as it is then. */
const createTailClient = () =>
  createClient({
    url: () => new URL(env.consoleLogsGraphqlUrl, window.location.href).href,
    // Asked at every connection: a reconnection after a long drop sends a fresh token.
    headers: async () => ({ authorization: `Bearer ${await session.getAccessToken()}` }),
    retryAttempts: 0,
  });

export type TailState = 'connecting' | 'following' | 'reconnecting';

export interface FollowOptions {
  source: LogSource;
  /** The newest line the reader already has ('0': none): the tail starts after it. */
  afterId: string;
  filter: string;
  onLine: (line: LogLineItem) => void;
  onState: (state: TailState) => void;
  /** The tail cannot go on (the source is gone, the request is refused): it has stopped. */
  onError: (error: Error) => void;
}

type TailResult = ExecutionResult<Partial<ContainerLogTailSubscription & JobRunLogTailSubscription>>;

/** A failure worth reconnecting after: no answer, a dropped stream or a 5xx; not a refusal. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof NetworkError)) return false;
  return error.response === undefined || error.response.status >= 500;
}

/** The later of two line ids: lines may arrive out of order (transactions commit in any order). */
export const laterLineId = (a: string, b: string) => (Number(b) > Number(a) ? b : a);

/** Follows a source's new lines until the returned function is called. */
export function followLogTail(options: FollowOptions): () => void {
  const client = createTailClient();
  let afterId = options.afterId;
  let attempt = 0;
  let stopped = false;
  let unsubscribe: () => void = () => undefined;
  let timer: number | undefined;

  const stop = () => {
    stopped = true;
    window.clearTimeout(timer);
    unsubscribe();
  };
  const fail = (error: Error) => {
    stop();
    options.onError(error);
  };
  const reconnectLater = () => {
    options.onState('reconnecting');
    const delay = Math.min(retryDelayMs(attempt, reconnectPolicy), MAX_RECONNECT_DELAY_MS);
    attempt += 1;
    timer = window.setTimeout(connect, delay);
  };

  function connect() {
    if (stopped) return;
    const variables = { afterId, ...(options.filter ? { filter: options.filter } : {}) };
    const { source } = options;
    const request =
      source.kind === 'job-run'
        ? { query: jobRunLogTail.toString(), variables: { ...variables, source: jobRunInput(source) } }
        : { query: containerLogTail.toString(), variables: { ...variables, source: containerInput(source) } };
    unsubscribe = client.subscribe<TailResult['data']>(
      request,
      {
        next(result: TailResult) {
          if (stopped) return;
          if (result.errors?.length) {
            fail(new GraphQLRequestError(result.errors));
            return;
          }
          const line = result.data?.containerLogTail ?? result.data?.jobRunLogTail;
          if (!line) return;
          attempt = 0;
          afterId = laterLineId(afterId, line.id);
          options.onLine(line);
        },
        error(error: unknown) {
          if (stopped) return;
          if (isTransient(error)) {
            reconnectLater();
            return;
          }
          const status = error instanceof NetworkError ? error.response?.status : undefined;
          if (status === 401) session.restartSignIn();
          fail(status === undefined ? new Error(String(error)) : new HttpStatusError(status));
        },
        // The server ended the stream (it is shutting down, or this reader fell too far behind): resume.
        complete() {
          if (!stopped) reconnectLater();
        },
      },
      {
        connected() {
          if (!stopped) options.onState('following');
        },
      },
    );
  }

  options.onState('connecting');
  connect();
  return stop;
}
