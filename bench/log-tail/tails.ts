// The tails of bench/log-tail, in their own process so that the server's process.cpuUsage() is the server's
// alone. Started by run.ts with fork(): receives a TailsPlan, opens every tail (GraphQL over SSE, as the
// portal follows a log), says 'ready' once the server has answered each with its event stream (the tail is
// then in place), and on 'stop' closes them and answers a TailsResult.
import { clock, parseBenchLine } from './lines.ts';

export interface TailsPlan {
  url: string;
  token: string;
  namespace: string;
  /** The container each tail follows (all its replicas). */
  containers: string[];
}

export interface TailsResult {
  /** Per tail, in plan order: the sequence numbers of the bench's lines it received, in arrival order. */
  received: number[][];
  /** Milliseconds from a line's write (stamped in its text) to its arrival, one per line received. */
  latencies: number[];
  errors: string[];
}

const TAIL = `subscription Tail($source: ContainerLogSource!) {
  containerLogTail(source: $source) { id line }
}`;

interface Tail {
  received: number[];
  opened: Promise<void>;
}

function openTail(plan: TailsPlan, container: string, abort: AbortSignal, result: TailsResult): Tail {
  const received: number[] = [];
  const opened = (async () => {
    const response = await fetch(`${plan.url}/graphql/console-logs`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${plan.token}`,
      },
      body: JSON.stringify({
        query: TAIL,
        variables: { source: { namespace: plan.namespace, container } },
      }),
      signal: abort,
    });
    if (response.status !== 200 || !response.body) throw new Error(`tail answered ${response.status}`);
    void readEvents(response.body, abort, (data) => {
      const arrived = clock();
      const body = JSON.parse(data) as { data?: { containerLogTail: { line: string } }; errors?: unknown };
      const line = parseBenchLine(body.data?.containerLogTail.line ?? '');
      if (!line) return void result.errors.push(`unexpected event: ${data.slice(0, 200)}`);
      received.push(line.seq);
      result.latencies.push(arrived - line.writtenAt);
    }).catch((error: unknown) => {
      if (!abort.aborted) result.errors.push(String(error));
    });
  })();
  return { received, opened };
}

/** Calls `onNext` with the data of each `next` event of a GraphQL-over-SSE stream. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  abort: AbortSignal,
  onNext: (data: string) => void,
) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      if (!lines.includes('event: next')) continue;
      onNext(
        lines
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n'),
      );
    }
  }
  if (!abort.aborted) throw new Error('a tail ended before the bench did');
}

process.once('message', (message) => {
  const plan = message as TailsPlan;
  const abort = new AbortController();
  const result: TailsResult = { received: [], latencies: [], errors: [] };
  const tails = plan.containers.map((container) => openTail(plan, container, abort.signal, result));
  Promise.all(tails.map((tail) => tail.opened))
    .then(() => {
      process.send?.('ready');
      process.once('message', () => {
        abort.abort();
        result.received = tails.map((tail) => tail.received);
        process.send?.(result, () => process.exit(0));
      });
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});
