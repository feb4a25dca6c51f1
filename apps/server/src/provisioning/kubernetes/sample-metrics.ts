import { ApiException } from '@kubernetes/client-node';
import type { Database } from '../../db/client.ts';
import { containerSizeOf } from '../runtime-state.ts';
import type { MetricSample, RuntimeReports } from '../runtime-port.ts';
import type { ClusterApi } from './cluster-api.ts';
import { MANAGED_SELECTOR, resourceOf, type KubernetesObject } from './objects.ts';
import { quantityValue } from './quantities.ts';
import { WORKLOAD_CONTAINER } from './render-workloads.ts';

// Containers' CPU and memory come from the cluster's metrics API (metrics.k8s.io, served by metrics-server):
// each time, the usage of the workload container in every one of Berth's pods, averaged over a container's
// pods, is one sample of that container. Knative's queue-proxy beside it is not the customer's and is left out.

const METRICS_API_VERSION = 'metrics.k8s.io/v1beta1';

/** What the API says instead of samples while the cluster serves no metrics API. */
const METRICS_API_MISSING =
  'CPU and memory cannot be measured at the moment: the cluster serves no metrics API (metrics.k8s.io).';

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
}) {
  const { api, database, reports, log } = deps;
  let unavailable: string | null = null;

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

  return {
    /** Records one sample of every container with pods the metrics API measured. */
    async sample() {
      const items = await listPodMetrics();
      if (!items) return;
      unavailable = null;
      const usage = usageByContainer(items);
      if (usage.size === 0) return;
      await database.db.transaction(async (tx) => {
        // Containers gone meanwhile are missing, and get no sample.
        const containers = await reports.containers(tx, [...usage.keys()]);
        for (const [id, container] of containers) {
          const pods = usage.get(id) ?? [];
          const size = containerSizeOf(container.resources);
          await reports.sampled(tx, { kind: 'container', id }, sampleOf(pods, size.millicores));
        }
      });
    },
    /** Why containers get no samples now (the cluster's metrics API is missing); null while they do. */
    unavailable: () => unavailable,
  };
}
