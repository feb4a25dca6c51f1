import { ApiException } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import type { ClusterApi } from '../../src/provisioning/kubernetes/cluster-api.ts';
import { createMetricsSampler } from '../../src/provisioning/kubernetes/sample-metrics.ts';
import type { RuntimeReports } from '../../src/provisioning/runtime-port.ts';
import { graphql } from '../generated/gql.ts';
import type { KubernetesContainerMetricsQuery, MetricName } from '../generated/graphql.ts';
import { eventually } from '../support/http.ts';
import type { KubeObject } from '../support/kubernetes-stand-in.ts';
import { startPrometheusStandIn } from '../support/prometheus-stand-in.ts';
import { running, useKubernetesDriverWorld } from './kubernetes-driver-setup.ts';

// Containers' CPU and memory on the Kubernetes runtime: the driver lists the PodMetrics of Berth's pods from
// the metrics API (metrics-server) and records a sample per container, averaged over its pods. A cluster
// without that API gives no samples, and the API says why. Their requests per second come from the cluster's
// Prometheus (KUBERNETES_PROMETHEUS_URL), which counts what Knative's queue-proxy served; without one, or while
// it fails, the series says why.

const METRICS = graphql(`
  query KubernetesContainerMetrics($name: String!, $namespace: String!) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      metrics(range: HOUR) {
        unavailable
        series {
          metric
          unavailable
          points {
            average
            maximum
          }
        }
      }
    }
  }
`);

/** Sampled several times a second, so a test need not wait a minute. */
const FAST_SAMPLES = { KUBERNETES_METRICS_INTERVAL_MS: '200' };

/** What the driver asks Prometheus: queue-proxy's request counter, as a rate per Knative Service. */
const REQUEST_RATE_QUERY = 'sum by (namespace_name, configuration_name) (rate(revision_request_count[2m]))';

type Metrics = KubernetesContainerMetricsQuery['container']['metrics'];
const seriesOf = (metrics: Metrics, metric: MetricName) =>
  metrics.series.find((series) => series.metric === metric);
const pointsOf = (metrics: Metrics, metric: MetricName) => seriesOf(metrics, metric)?.points ?? [];
/** The distinct averages of a series' points (a test may span two minutes, hence two points). */
const averagesOf = (metrics: Metrics, metric: MetricName) =>
  new Set(pointsOf(metrics, metric).map((point) => point.average));

/** PodMetrics as metrics-server reports a pod: its name, namespace and labels, each container's usage. */
function podMetrics(pod: KubeObject, usage: Record<string, { cpu: string; memory: string }>): KubeObject {
  const { name, namespace, labels } = pod.metadata;
  return {
    apiVersion: 'metrics.k8s.io/v1beta1',
    kind: 'PodMetrics',
    metadata: { name, namespace, labels },
    timestamp: new Date().toISOString(),
    window: '15s',
    containers: Object.entries(usage).map(([container, { cpu, memory }]) => ({
      name: container,
      usage: { cpu, memory },
    })),
  };
}

describe('container metrics from the metrics API', () => {
  const { world, pod, deployedService } = useKubernetesDriverWorld({ env: FAST_SAMPLES });

  async function metricsOf(name: string) {
    const { container } = await world.alice.data(METRICS, { name, namespace: 'shop' });
    return container.metrics;
  }

  it("records CPU in percent of the container's size and memory in MB, averaged over its pods", async () => {
    const service = await deployedService({
      name: 'web',
      image: 'nginx:1.27',
      ports: ['8080'],
      resources: 'CPU_500_RAM_1000',
      scaling: { manual: { replicas: 2 } },
    });
    const first = pod('web-00001-deployment-a1', service, running);
    const second = pod('web-00001-deployment-b2', service, running);
    world.cluster.put(first);
    world.cluster.put(second);
    // Knative's queue-proxy beside the workload is not the customer's: only `app` counts.
    world.cluster.put(
      podMetrics(first, {
        app: { cpu: '250m', memory: '200000Ki' },
        'queue-proxy': { cpu: '900m', memory: '900Mi' },
      }),
    );
    world.cluster.put(podMetrics(second, { app: { cpu: '125000000n', memory: '300M' } }));
    // A pod that is not Berth's is not asked for.
    world.cluster.put(
      podMetrics(
        { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'coredns-1', namespace: 'kube-system' } },
        { coredns: { cpu: '2', memory: '1Gi' } },
      ),
    );

    const metrics = await eventually('CPU and memory samples', async () => {
      const found = await metricsOf('web');
      return pointsOf(found, 'CPU_PERCENT').length && pointsOf(found, 'MEMORY_MB').length ? found : undefined;
    });
    expect(metrics.unavailable).toBeNull();
    // 250m and 125m of the size's 500 millicores: 50 % and 25 %.
    for (const point of pointsOf(metrics, 'CPU_PERCENT')) {
      expect(point.average).toBeCloseTo((50 + 25) / 2);
      expect(point.maximum).toBeCloseTo((50 + 25) / 2);
    }
    // 200000 KiB (204.8 MB) and 300 MB.
    for (const point of pointsOf(metrics, 'MEMORY_MB')) expect(point.average).toBeCloseTo((204.8 + 300) / 2);
    // No Prometheus configured: no requests per second, and their chart says why in plain words.
    expect(pointsOf(metrics, 'REQUESTS_PER_SECOND')).toEqual([]);
    expect(seriesOf(metrics, 'REQUESTS_PER_SECOND')?.unavailable).toBe(
      "Requests per second are not measured on this platform: they come from the cluster's Prometheus, and none is configured.",
    );
    expect(seriesOf(metrics, 'CPU_PERCENT')?.unavailable).toBeNull();
    expect(seriesOf(metrics, 'MEMORY_MB')?.unavailable).toBeNull();

    const lists = world.cluster.requests.filter(
      (request) => request.method === 'GET' && request.path === '/apis/metrics.k8s.io/v1beta1/pods',
    );
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.map((request) => request.query.get('labelSelector'))).toEqual(
      lists.map(() => 'app.kubernetes.io/managed-by=berth'),
    );
  });
});

describe('a cluster without a metrics API', () => {
  const { world, deployedService } = useKubernetesDriverWorld({ env: FAST_SAMPLES, metricsApi: false });

  it('gives containers no samples, says why in the API, and runs them all the same', async () => {
    await deployedService({
      name: 'api',
      image: 'nginx:1.27',
      ports: ['8080'],
      scaling: { manual: { replicas: 1 } },
    });
    const metrics = await eventually('the metrics said unavailable', async () => {
      const { container } = await world.alice.data(METRICS, { name: 'api', namespace: 'shop' });
      return container.metrics.unavailable ? container.metrics : undefined;
    });
    expect(metrics.unavailable).toBe(
      'CPU and memory cannot be measured at the moment: the cluster serves no metrics API (metrics.k8s.io).',
    );
    expect(metrics.series.flatMap((series) => series.points)).toEqual([]);

    // The driver keeps asking (the API may be installed later) and keeps applying what customers change.
    const asked = () =>
      world.cluster.requests.filter((request) => request.path.startsWith('/apis/metrics.k8s.io/')).length;
    const before = asked();
    await eventually('the metrics API asked again', async () => (asked() > before ? true : undefined));
    await deployedService({ name: 'worker', image: 'nginx:1.27', ports: ['8080'] });
  });
});

describe("requests per second from the cluster's Prometheus", () => {
  const { world, deployedService } = useKubernetesDriverWorld({ env: FAST_SAMPLES, prometheus: true });

  async function metricsOf(name: string) {
    const { container } = await world.alice.data(METRICS, { name, namespace: 'shop' });
    return container.metrics;
  }

  it("records each container's rate from queue-proxy's counter, and 0 for one Prometheus saw no traffic of", async () => {
    world.prometheus.answer([
      { labels: { namespace_name: world.runtimeNamespace, configuration_name: 'web' }, value: 2.5 },
      // The same name in a namespace that is not Berth's is another service.
      { labels: { namespace_name: 'default', configuration_name: 'api' }, value: 40 },
    ]);
    await deployedService({ name: 'web', image: 'nginx:1.27', ports: ['8080'] });
    await deployedService({ name: 'api', image: 'nginx:1.27', ports: ['8080'] });

    const sampled = (found: Metrics) => pointsOf(found, 'REQUESTS_PER_SECOND').length > 0;
    const web = await eventually('requests of web', async () => {
      const found = await metricsOf('web');
      return sampled(found) ? found : undefined;
    });
    const api = await eventually('requests of api', async () => {
      const found = await metricsOf('api');
      return sampled(found) ? found : undefined;
    });
    for (const point of pointsOf(web, 'REQUESTS_PER_SECOND'))
      expect(point).toEqual({ average: 2.5, maximum: 2.5 });
    expect(averagesOf(api, 'REQUESTS_PER_SECOND')).toEqual(new Set([0]));
    expect(seriesOf(web, 'REQUESTS_PER_SECOND')?.unavailable).toBeNull();
    // Their pods have no PodMetrics (scaled to zero): requests are measured all the same, CPU and memory not.
    expect(pointsOf(web, 'CPU_PERCENT')).toEqual([]);
    expect(world.prometheus.queries.length).toBeGreaterThan(0);
    expect(new Set(world.prometheus.queries)).toEqual(new Set([REQUEST_RATE_QUERY]));
  });

  it('records nothing while Prometheus fails, says so, and measures again once it answers', async () => {
    world.prometheus.fail(422, 'execution', 'query processing would load too many samples into memory');
    await deployedService({ name: 'worker', image: 'nginx:1.27', ports: ['8080'] });
    const failing = await eventually('the requests said unavailable', async () => {
      const found = await metricsOf('worker');
      return seriesOf(found, 'REQUESTS_PER_SECOND')?.unavailable ? found : undefined;
    });
    expect(seriesOf(failing, 'REQUESTS_PER_SECOND')?.unavailable).toBe(
      "Requests per second cannot be measured at the moment: the cluster's Prometheus does not answer.",
    );
    // Only that series: the metrics API is there.
    expect(failing.unavailable).toBeNull();
    const asked = world.prometheus.queries.length;
    await eventually('Prometheus asked again', async () =>
      world.prometheus.queries.length > asked + 1 ? true : undefined,
    );
    expect(pointsOf(await metricsOf('worker'), 'REQUESTS_PER_SECOND')).toEqual([]);

    world.prometheus.answer([]);
    const measured = await eventually('requests of worker', async () => {
      const found = await metricsOf('worker');
      return pointsOf(found, 'REQUESTS_PER_SECOND').length ? found : undefined;
    });
    expect(averagesOf(measured, 'REQUESTS_PER_SECOND')).toEqual(new Set([0]));
    expect(seriesOf(measured, 'REQUESTS_PER_SECOND')?.unavailable).toBeNull();
  });
});

describe('the sampler', () => {
  /** A sampler whose metrics API answers with `status` (and lists nothing), and the warnings it logs. */
  function sampler(prometheusUrl?: string) {
    const cluster = { status: 404 };
    const api = {
      list: async () => {
        if (cluster.status === 200) return { items: [] };
        throw new ApiException(cluster.status, 'Unsuccessful HTTP Request', '', {});
      },
    } as unknown as ClusterApi;
    const warnings: string[] = [];
    const log = { warn: (_payload: object, message: string) => void warnings.push(message) };
    const metrics = createMetricsSampler({
      api,
      database: {} as Database,
      reports: {} as RuntimeReports,
      log,
      prometheusUrl,
    });
    return { cluster, metrics, warnings };
  }

  it('warns once while the metrics API is missing or down, and says so until it answers again', async () => {
    const { cluster, metrics, warnings } = sampler();
    await metrics.sample();
    await metrics.sample();
    // metrics-server registered but not answering: the aggregator's 503.
    cluster.status = 503;
    await metrics.sample();
    expect(metrics.unavailable()).toMatch(/metrics API/);
    expect(warnings).toHaveLength(1);

    cluster.status = 200;
    await metrics.sample();
    expect(metrics.unavailable()).toBeNull();
    // Gone again: a new warning.
    cluster.status = 404;
    await metrics.sample();
    expect(warnings).toHaveLength(2);
  });

  it('warns once while Prometheus fails, and says so until it answers again', async () => {
    const prometheus = await startPrometheusStandIn();
    try {
      const { cluster, metrics, warnings } = sampler(prometheus.url);
      cluster.status = 200;
      prometheus.fail(503, 'unavailable', 'the query engine is shutting down');
      await metrics.sample();
      await metrics.sample();
      expect(metrics.requestsUnavailable()).toMatch(/Prometheus does not answer/);
      expect(metrics.unavailable()).toBeNull();
      expect(warnings).toHaveLength(1);

      prometheus.answer([]);
      await metrics.sample();
      expect(metrics.requestsUnavailable()).toBeNull();
      // Failing again (a bad answer this time): a new warning.
      prometheus.fail(400, 'bad_data', 'parse error');
      await metrics.sample();
      expect(warnings).toHaveLength(2);
      expect(prometheus.queries).toHaveLength(4);
    } finally {
      await prometheus.close();
    }
  });

  it('fails on other answers without calling the API missing', async () => {
    const { cluster, metrics, warnings } = sampler();
    cluster.status = 403;
    await expect(metrics.sample()).rejects.toThrow(ApiException);
    expect(metrics.unavailable()).toBeNull();
    expect(warnings).toEqual([]);
  });
});
