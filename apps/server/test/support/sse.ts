import type { GraphQLBody, TypedDocumentString, VariablesArgument } from './http.ts';

// A GraphQL subscription as a client follows it over server-sent events (GraphQL over SSE, distinct
// connections mode, as Yoga serves it): one POST with `Accept: text/event-stream`, then `next` events with
// a result each and a `complete` event at the end. There is no "results within so many ms": a test that
// expects no further result writes a later event and expects it to be the next one.

export interface EventStream<TResult> {
  status: number;
  headers: Headers;
  /** The next result; fails the test after timeoutMs, or when the stream completes first. */
  next(timeoutMs?: number): Promise<GraphQLBody<TResult>>;
  /** Whether the server completed the stream. */
  completed(): boolean;
  close(): Promise<void>;
}

export async function subscribe<TResult, TVariables>(
  endpoint: string,
  token: string,
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: VariablesArgument<TVariables>
): Promise<EventStream<TResult>> {
  const abort = new AbortController();
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    signal: abort.signal,
  });
  const results: GraphQLBody<TResult>[] = [];
  let done = false;
  let waiting: (() => void) | undefined;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map(
            event
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.get('event') === 'next')
            results.push(JSON.parse(fields.get('data') ?? '') as GraphQLBody<TResult>);
          if (fields.get('event') === 'complete') done = true;
          waiting?.();
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    } finally {
      done = true;
      waiting?.();
    }
  })();

  async function wait(ms: number) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      waiting = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    waiting = undefined;
  }

  return {
    status: response.status,
    headers: response.headers,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const result = results.shift();
        if (result) return result;
        if (done) throw new Error('the event stream completed without another result');
        if (Date.now() > deadline) throw new Error(`no event within ${timeoutMs} ms`);
        await wait(deadline - Date.now());
      }
    },
    completed: () => done,
    async close() {
      abort.abort();
      await reading;
    },
  };
}
