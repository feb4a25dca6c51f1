import { ApiException } from '@kubernetes/client-node';
import type { Database } from '../../db/client.ts';
import { containerSizeOf } from '../runtime-state.ts';
import type { MetricSample, RuntimeReports } from '../runtime-port.ts';
import type { ClusterApi } from './cluster-api.ts';
import { MANAGED_SELECTOR, resourceOf, type KubernetesObject } from './objects.ts';
import { quantityValue } from './quantities.ts';
import { WORKLOAD_CONTAINER } from './render-workloads.ts';
import { containerServices, requestRates } from './request-rates.ts';

// Containers' CPU and memory come from the cluster's metrics API (metrics.k8s.io, served by metrics-server):
// each time, the usage of the workload container in every one of Berth's pods, averaged over a container's
// pods, is one sample of that container. Knative's queue-proxy beside it is not the customer's and is left out.
// Their requests per second come, in the same sample, from the cluster's Prometheus when one is configured
// (request-rates.ts): of every container on the cluster, its pods running or scaled to zero.

const METRICS_API_VERSION = 'metrics.k8s.io/v1beta1';

/** What the API says instead of samples while the cluster serves no metrics API. */
const METRICS_API_MISSING =
  'CPU and memory cannot be measured at the moment: the cluster serves no metrics API (metrics.k8s.io).';
/** What the API says of requests per second without a Prometheus to ask, and while it does not answer. */
const PROMETHEUS_MISSING =
  "Requests per second are not measured on this platform: they come from the cluster's Prometheus, and none is configured.";
const PROMETHEUS_FAILING =
  "Requests per second cannot be measured at the moment: the cluster's Prometheus does not answer.";

/** A pod's usage as the metrics API reports it (its items carry no apiVersion and kind). */
interface PodMetrics {
  metadata: KubernetesObject['metadata'];
  containers: { name: string; usage: { cpu?: string; memory?: string } }[];
}

interface Logger {
  warn(payload: object, message: string): void;
}

/** Not served: no APIService for the group (404), or one whose server does not answer (503). */
const isMissing = (error: unknown) =>
  error instanceof ApiException && (error.code === 404 || error.code === 503);

/** The workload container's CPU (millicores) and memory (bytes) of each container's pods, by container id. */
function usageByContainer(items: PodMetrics[]): Map<number, { millicores: number; bytes: number }[]> {
  const usage = new Map<number, { millicores: number; bytes: number }[]>();
  for (const pod of items) {
    const resource = resourceOf(pod.metadata.labels);
    const workload = pod.containers.find((container) => container.name === WORKLOAD_CONTAINER);
    if (resource?.kind !== 'container' || !workload) continue;
    const millicores = quantityValue(workload.usage.cpu ?? '') * 1000;
    const bytes = quantityValue(workload.usage.memory ?? '');
    if (Number.isNaN(millicores) || Number.isNaN(bytes)) continue;
    usage.set(resource.id, [...(usage.get(resource.id) ?? []), { millicores, bytes }]);
  }
  return usage;
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** CPU in percent of what the container's size gives a replica, memory in MB, both averaged over its pods. */
function sampleOf(pods: { millicores: number; bytes: number }[], sizeMillicores: number): MetricSample {
  return {
    CPU_PERCENT: average(pods.map((pod) => (pod.millicores / sizeMillicores) * 100)),
    MEMORY_MB: average(pods.map((pod) => pod.bytes / 1e6)),
  };
}

export function createMetricsSampler(deps: {
  api: ClusterApi;
  database: Database;
  reports: RuntimeReports;
  log: Logger;
  /** The base URL of the Prometheus that scrapes Knative's queue-proxy; requests are not measured without one. */
  prometheusUrl?: string;
}) {
  const { api, database, reports, log, prometheusUrl } = deps;
  let unavailable: string | null = null;
  let requestsUnavailable: string | null = prometheusUrl ? null : PROMETHEUS_MISSING;

  async function listPodMetrics(): Promise<PodMetrics[] | undefined> {
    try {
      const list = await api.list(METRICS_API_VERSION, 'PodMetrics', undefined, MANAGED_SELECTOR);
      return list.items as unknown as PodMetrics[];
    } catch (error) {
      if (!isMissing(error)) throw error;
      // Said once when it goes, not at every sample; said again if it comes back and goes again.
      if (!unavailable)
        log.warn({ err: error }, 'no metrics API on the cluster: containers get no CPU and memory samples');
      unavailable = METRICS_API_MISSING;
      return undefined;
    }
  }

  /** Requests per second of each container on the cluster (0 without traffic); undefined when not measured. */
  async function measureRequests(): Promise<Map<number, number> | undefined> {
    if (!prometheusUrl) return undefined;
    let rates: Map<string, number>;
    try {
      rates = await requestRates(prometheusUrl);
    } catch (error) {
      // As for the metrics API: said once when it fails, again after it has answered in between.
      if (!requestsUnavailable)
        log.warn(
          { err: error },
          "the cluster's Prometheus does not answer: containers get no requests per second",
        );
      requestsUnavailable = PROMETHEUS_FAILING;
      return undefined;
    }
    requestsUnavailable = null;
    // Prometheus answered: a container without a series served nothing in the window.
    const services = await containerServices(api);
    return new Map([...services].map(([service, id]) => [id, rates.get(service) ?? 0]));
  }

  return {
    /** Records one sample of every container the metrics API or Prometheus measured. */
    async sample() {
      const [items, requests] = await Promise.all([listPodMetrics(), measureRequests()]);
      if (items) unavailable = null;
      const usage = usageByContainer(items ?? []);
      const ids = new Set([...usage.keys(), ...(requests?.keys() ?? [])]);
      if (ids.size === 0) return;
      await database.db.transaction(async (tx) => {
        // Containers gone meanwhile are missing, and get no sample.
        const containers = await reports.containers(tx, [...ids]);
        for (const [id, container] of containers) {
          const pods = usage.get(id);
          const rate = requests?.get(id);
          const size = containerSizeOf(container.resources);
          await reports.sampled(
            tx,
            { kind: 'container', id },
            {
              ...(pods ? sampleOf(pods, size.millicores) : {}),
              ...(rate === undefined ? {} : { REQUESTS_PER_SECOND: rate }),
            },
          );
        }
      });
    },
    /** Why containers get no CPU and memory samples now (the cluster's metrics API is missing); null while they do. */
    unavailable: () => unavailable,
    /** Why containers get no requests per second now (no Prometheus, or it fails); null while they do. */
    requestsUnavailable: () => requestsUnavailable,
  };
}
