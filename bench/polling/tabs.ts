// The load side of bench/polling, in its own process so that the server's process.cpuUsage() is the
// server's alone. Started by run.ts with fork(): says 'ready', receives a TabsPlan, answers a TabsResult.
import http from 'node:http';
import { SLICES } from './slices.ts';

export interface TabsPlan {
  url: string;
  /** One open tab each: its customer's token and the namespace its screen shows. */
  tabs: { token: string; namespace: string }[];
  seconds: number;
  intervalMs: number;
}

export interface TabsResult {
  /** Milliseconds from sending a request to having its whole answer, one per request. */
  latencies: number[];
  errors: number;
  firstErrors: string[];
}

/** POSTs a GraphQL request; resolves with the status and the whole body. */
function post(agent: http.Agent, url: URL, token: string, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(url, {
      agent,
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.end(body);
  });
}

async function runTabs(plan: TabsPlan): Promise<TabsResult> {
  const endpoint = new URL('/graphql/platform', plan.url);
  const result: TabsResult = { latencies: [], errors: 0, firstErrors: [] };
  const fail = (message: string) => {
    result.errors += 1;
    if (result.firstErrors.length < 5) result.firstErrors.push(message);
  };

  async function request(agent: http.Agent, token: string, body: string) {
    const started = performance.now();
    try {
      const { status, text } = await post(agent, endpoint, token, body);
      result.latencies.push(performance.now() - started);
      const answer = JSON.parse(text) as { data?: { namespace?: unknown }; errors?: unknown };
      if (status !== 200 || answer.errors || !answer.data?.namespace)
        fail(`HTTP ${status}: ${text.slice(0, 200)}`);
    } catch (error) {
      fail(String(error));
    }
  }

  const started = performance.now();
  const end = started + plan.seconds * 1000;
  const sleepUntil = (time: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, time - performance.now())));

  // Tabs were opened at different moments: their polls are spread evenly over one interval. Each tab has
  // its own connections (a browser's: keep-alive, at most 6 to one origin); its slices refresh together.
  await Promise.all(
    plan.tabs.map(async ({ token, namespace }, index) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
      const bodies = SLICES.map((slice) =>
        JSON.stringify({ query: slice.query, variables: slice.variables(namespace) }),
      );
      for (
        let poll = started + (index * plan.intervalMs) / plan.tabs.length;
        poll < end;
        poll += plan.intervalMs
      ) {
        await sleepUntil(poll);
        await Promise.all(bodies.map((body) => request(agent, token, body)));
      }
      agent.destroy();
    }),
  );
  return result;
}

process.send?.('ready');
process.once('message', (plan: TabsPlan) => {
  runTabs(plan).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
