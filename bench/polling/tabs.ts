// The load side of bench/polling, in its own process so that the server's process.cpuUsage() is the
// server's alone. Started by run.ts with fork(): says 'ready', receives a TabsPlan, says 'warm' when its
// tabs have their connections, and answers a TabsResult.
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

/** Runs the plan: one unmeasured round per tab, then (after `onWarm`) the measured polling. */
async function runTabs(plan: TabsPlan, onWarm: () => void): Promise<TabsResult> {
  const endpoint = new URL('/graphql/platform', plan.url);
  const result: TabsResult = { latencies: [], errors: 0, firstErrors: [] };
  const fail = (message: string) => {
    result.errors += 1;
    if (result.firstErrors.length < 5) result.firstErrors.push(message);
  };

  // Each tab has its own connections, as a browser has (keep-alive, at most 6 to one origin).
  const tabs = plan.tabs.map(({ token, namespace }) => ({
    token,
    agent: new http.Agent({ keepAlive: true, maxSockets: 6 }),
    bodies: SLICES.map((slice) =>
      JSON.stringify({ query: slice.query, variables: slice.variables(namespace) }),
    ),
  }));

  /** The tab's slices refresh together; `measured` records their latencies. */
  async function refresh(tab: (typeof tabs)[number], measured: boolean) {
    await Promise.all(
      tab.bodies.map(async (body) => {
        const started = performance.now();
        try {
          const { status, text } = await post(tab.agent, endpoint, tab.token, body);
          if (measured) result.latencies.push(performance.now() - started);
          const answer = JSON.parse(text) as { data?: { namespace?: unknown }; errors?: unknown };
          if (status !== 200 || answer.errors || !answer.data?.namespace)
            fail(`HTTP ${status}: ${text.slice(0, 200)}`);
        } catch (error) {
          fail(String(error));
        }
      }),
    );
  }

  // An open tab has shown its screen already: a first round, ten tabs at a time, opens the connections.
  for (let index = 0; index < tabs.length; index += 10) {
    await Promise.all(tabs.slice(index, index + 10).map((tab) => refresh(tab, false)));
  }
  onWarm();

  const started = performance.now();
  const end = started + plan.seconds * 1000;
  const sleepUntil = (time: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, time - performance.now())));
  // Tabs were opened at different moments: their polls are spread evenly over one interval.
  await Promise.all(
    tabs.map(async (tab, index) => {
      for (
        let poll = started + (index * plan.intervalMs) / tabs.length;
        poll < end;
        poll += plan.intervalMs
      ) {
        await sleepUntil(poll);
        await refresh(tab, true);
      }
      tab.agent.destroy();
    }),
  );
  return result;
}

process.send?.('ready');
process.once('message', (plan: TabsPlan) => {
  runTabs(plan, () => process.send?.('warm')).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
