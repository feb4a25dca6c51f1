import type { ClusterApi } from './cluster-api.ts';
import { MANAGED_SELECTOR, resourceOf } from './objects.ts';

// Containers' requests per second come from the cluster's Prometheus, which scrapes Knative's queue-proxy. In
// every pod, queue-proxy counts the requests it routes to the program (probes left out) in the counter
// `revision_request_count`, labelled `namespace_name`, `service_name`, `configuration_name`, `revision_name`,
// `pod_name` and the response code: Knative Serving's "Service metrics" page
// (https://knative.dev/docs/serving/services/service-metrics/), and its source, where queue-proxy exports its
// request metrics with the component `revision` as their Prometheus prefix, on port 9091
// (knative/serving pkg/queue/sharedmain/main.go, setupMetricsExporter). Those are Knative Serving's OpenCensus
// metrics (Berth is written for 1.16); newer releases export OpenTelemetry ones named otherwise (1.19 does,
// knative/serving#16216).
//
// One instant query (Prometheus's HTTP API, GET /api/v1/query) sums the rate over every pod and revision of
// each Knative Service. It groups by `configuration_name`: queue-proxy always has it, and a Knative Service's
// Configuration is named as the Service, which is named as the container. Two minutes of counter: a Prometheus
// scraping once a minute still has two samples in it.
const REQUEST_RATE_QUERY = 'sum by (namespace_name, configuration_name) (rate(revision_request_count[2m]))';

const QUERY_TIMEOUT_MS = 10_000;

/** One series of an instant vector: its labels and its value at the query's time. */
interface VectorSample {
  metric: Record<string, string>;
  value: [number, string];
}

/** Prometheus's answer to a query, success or error (https://prometheus.io/docs/prometheus/latest/querying/api/). */
type QueryAnswer =
  | { status: 'success'; data: { resultType: string; result: VectorSample[] } }
  | { status: 'error'; errorType: string; error: string };

/** The instant vector Prometheus gives for the query; throws, saying why, when it gives none. */
async function queryVector(prometheusUrl: string, query: string): Promise<VectorSample[]> {
  // Relative to the base URL's path, for a Prometheus behind a path prefix (`--web.route-prefix`).
  const url = new URL('api/v1/query', prometheusUrl.endsWith('/') ? prometheusUrl : `${prometheusUrl}/`);
  url.searchParams.set('query', query);
  const response = await fetch(url, { signal: AbortSignal.timeout(QUERY_TIMEOUT_MS) });
  const answer = (await response.json().catch(() => undefined)) as QueryAnswer | undefined;
  if (answer?.status === 'error') throw new Error(`Prometheus: ${answer.errorType}: ${answer.error}`);
  if (!response.ok || answer?.status !== 'success') throw new Error(`Prometheus answered ${response.status}`);
  if (answer.data.resultType !== 'vector') throw new Error(`Prometheus gave a ${answer.data.resultType}`);
  return answer.data.result;
}

/** The requests per second of each Knative Service Prometheus has seen serve, by `{namespace}/{name}`. */
export async function requestRates(prometheusUrl: string): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  for (const { metric, value } of await queryVector(prometheusUrl, REQUEST_RATE_QUERY)) {
    const rate = Number(value[1]);
    if (Number.isFinite(rate)) rates.set(`${metric.namespace_name}/${metric.configuration_name}`, rate);
  }
  return rates;
}

/** Berth's containers on the cluster, by the `{namespace}/{name}` of their Knative Service. */
export async function containerServices(api: ClusterApi): Promise<Map<string, number>> {
  const { items } = await api.list('serving.knative.dev/v1', 'Service', undefined, MANAGED_SELECTOR);
  const containers = new Map<string, number>();
  for (const service of items) {
    const resource = resourceOf(service.metadata.labels);
    if (resource?.kind === 'container') {
      containers.set(`${service.metadata.namespace}/${service.metadata.name}`, resource.id);
    }
  }
  return containers;
}
