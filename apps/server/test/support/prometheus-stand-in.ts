import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in of Prometheus's HTTP API on a random local port: GET /api/v1/query answers every instant query
// with the series a test set, in Prometheus's documented JSON (a vector; values are strings of numbers, at the
// query's time), or with its error shape while a test makes it fail. It keeps the queries asked; it does not
// evaluate them.

export interface PrometheusSeries {
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusStandIn {
  /** The base URL, as KUBERNETES_PROMETHEUS_URL. */
  url: string;
  /** Every query asked so far, oldest first. */
  queries: string[];
  /** Answers every query from now on with these series. */
  answer(series: PrometheusSeries[]): void;
  /** Fails every query from now on, as Prometheus does: an HTTP status and `{status:'error', errorType, error}`. */
  fail(status: number, errorType: string, error: string): void;
  close(): Promise<void>;
}

type Answer =
  { status: 200; series: PrometheusSeries[] } | { status: number; errorType: string; error: string };

export async function startPrometheusStandIn(): Promise<PrometheusStandIn> {
  const queries: string[] = [];
  let answer: Answer = { status: 200, series: [] };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://prometheus');
    const json = (status: number, body: object) =>
      void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'GET' || url.pathname !== '/api/v1/query')
      return void response.writeHead(404).end();
    const query = url.searchParams.get('query');
    if (!query) return json(400, { status: 'error', errorType: 'bad_data', error: 'query is required' });
    queries.push(query);
    if (!('series' in answer)) {
      const { status, errorType, error } = answer;
      return json(status, { status: 'error', errorType, error });
    }
    const now = Date.now() / 1000;
    const result = answer.series.map(({ labels, value }) => ({
      metric: labels,
      value: [now, String(value)],
    }));
    json(200, { status: 'success', data: { resultType: 'vector', result } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queries,
    answer: (series) => void (answer = { status: 200, series }),
    fail: (status, errorType, error) => void (answer = { status, errorType, error }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The driver's fetch keeps its connection alive: closing waits for none.
        server.closeAllConnections();
      }),
  };
}
