import type { KubeConfig } from '@kubernetes/client-node';
import type { Database } from '../../db/client.ts';
import { ChangeInProgress, type RuntimeDriver } from '../driver.ts';
import type { RuntimeReports } from '../runtime-port.ts';
import { createClusterApi, type ObjectReference } from './cluster-api.ts';
import { applyExternalConnection, externalConnectionReferences } from './external-connections.ts';
import { LABELS, objectNames, type KubernetesObject } from './objects.ts';
import { isExternalConnectionObject } from './render-external-connection.ts';
import { renderNamespace, renderRegistrySecret, renderVolumeClaim } from './render-namespace.ts';
import { renderContainer, renderContainerJob, renderRunJob } from './render-workloads.ts';
import { quantityValue } from './quantities.ts';
import { createMetricsSampler } from './sample-metrics.ts';
import { createStatusWatch } from './watch.ts';

// The runtime on a Kubernetes cluster: each change is rendered to objects and applied with server-side
// apply; deletes resolve once the objects are gone (ChangeInProgress until then, so the provisioner asks
// again); containers' and runs' status comes back through the watches (watch.ts).

const ref = (apiVersion: string, kind: string, name: string, namespace?: string): ObjectReference => ({
  apiVersion,
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}) },
});

/** How often deploys and runs in progress are read again, in case the watch missed their news. */
const RESYNC_MS = 10_000;
/** The charts have a point per minute: a sample each minute fills them. */
const METRICS_INTERVAL_MS = 60_000;

interface Logger {
  warn(payload: object, message: string): void;
}

interface ClaimStatus {
  status?: { capacity?: { storage?: string }; conditions?: { type: string; status: string }[] };
}

export function createKubernetesDriver(deps: {
  kubeConfig: KubeConfig;
  database: Database;
  reports: RuntimeReports;
  log: Logger;
  /** The storage class of volumes (it must allow expansion); the cluster's default without one. */
  storageClassName?: string;
  /** The `loadBalancerClass` of external connections' Services; the cluster's default load balancer without one. */
  loadBalancerClass?: string;
  /** How often containers' CPU and memory (and requests) are sampled; once a minute by default. */
  metricsIntervalMs?: number;
  /** The Prometheus that scrapes Knative's queue-proxy, asked for containers' requests per second. */
  prometheusUrl?: string;
  /** Its namespace: customers' namespaces let it scrape their pods. */
  prometheusNamespace?: string;
}): RuntimeDriver {
  const api = createClusterApi(deps.kubeConfig);
  const watch = createStatusWatch({ ...deps, api });
  const metrics = createMetricsSampler({ ...deps, api });
  const metricsIntervalMs = deps.metricsIntervalMs ?? METRICS_INTERVAL_MS;
  let lastResync = Date.now();
  let lastSample = Date.now();

  /** Asks for each object's deletion; throws ChangeInProgress until every one is gone. */
  async function removeAll(what: string, references: ObjectReference[]) {
    const gone = await Promise.all(references.map((reference) => api.remove(reference)));
    if (!gone.every(Boolean)) throw new ChangeInProgress(`${what} is being deleted`);
  }

  /** Objects of a resource, of one kind, that the last render no longer has (a removed address). */
  async function prune(
    namespace: string,
    selector: string,
    rendered: KubernetesObject[],
    apiVersion: string,
    kind: string,
  ) {
    const wanted = new Set(
      rendered
        .filter((object) => object.kind === kind && object.apiVersion === apiVersion)
        .map((object) => object.metadata.name),
    );
    const existing = await api.list(apiVersion, kind, namespace, selector);
    for (const object of existing.items.filter((candidate) => !wanted.has(candidate.metadata.name))) {
      await api.remove(ref(apiVersion, kind, object.metadata.name, namespace));
    }
  }

  const selectorOf = (kind: string, id: number) => `${LABELS.kind}=${kind},${LABELS.id}=${id}`;

  /** What publishes a container's ports beyond the first: a LoadBalancer Service and its network policy. */
  const publishedPorts = (container: { name: string }, namespace: string) => [
    ref('v1', 'Service', objectNames.containerPorts(container.name), namespace),
    ref('networking.k8s.io/v1', 'NetworkPolicy', objectNames.containerPorts(container.name), namespace),
  ];

  const connectionOwner = (container: { id: number; name: string }, namespace: string) => ({
    namespace,
    kind: 'container' as const,
    id: container.id,
    what: `container ${container.name}`,
  });

  function containerObjects(container: { name: string }, namespace: string) {
    return [
      ref('serving.knative.dev/v1', 'Service', container.name, namespace),
      ...publishedPorts(container, namespace),
      ref('v1', 'Secret', objectNames.containerSecret(container.name), namespace),
    ];
  }

  return {
    name: 'kubernetes',
    // The cluster takes its own time; the provisioner need not wait before handing a change over.
    settleDelayMs: () => 0,
    async applyNamespace(namespace) {
      await api.apply(renderNamespace(namespace, { prometheusNamespace: deps.prometheusNamespace }));
    },
    async deleteNamespace(namespace) {
      await removeAll(`namespace ${namespace.name}`, [ref('v1', 'Namespace', namespace.internalName)]);
    },
    async applyRegistry(_tx, registry) {
      await api.apply([renderRegistrySecret(registry)]);
    },
    async deleteRegistry(_tx, registry) {
      await removeAll(`registry ${registry.name}`, [
        ref('v1', 'Secret', objectNames.registrySecret(registry.name), registry.namespace.internalName),
      ]);
    },
    async applyVolume(_tx, volume) {
      const claim = renderVolumeClaim(volume, deps.storageClassName);
      const [applied] = (await api.apply([claim])) as (KubernetesObject & ClaimStatus)[];
      // A bound claim that was grown is provided once its capacity reaches the size (or only the file
      // system waits for the next pod); an unbound one is provisioned at the size when first used.
      const capacity = applied?.status?.capacity?.storage;
      const resizing = applied?.status?.conditions?.some(
        (condition) => condition.type === 'FileSystemResizePending' && condition.status === 'True',
      );
      if (capacity && !resizing && quantityValue(capacity) < volume.sizeGb * 1e9) {
        throw new ChangeInProgress(`volume ${volume.name} is growing to ${volume.sizeGb} GB`);
      }
    },
    async deleteVolume(_tx, volume) {
      await removeAll(`volume ${volume.name}`, [
        ref(
          'v1',
          'PersistentVolumeClaim',
          objectNames.volumeClaim(volume.name),
          volume.namespace.internalName,
        ),
      ]);
    },
    async applyContainer(_tx, container) {
      const rendered = renderContainer(container, { loadBalancerClass: deps.loadBalancerClass });
      const objects = rendered.filter((object) => !isExternalConnectionObject(object));
      await api.apply(objects);
      const namespace = container.namespace.internalName;
      const selector = selectorOf('container', container.id);
      await prune(namespace, selector, objects, 'serving.knative.dev/v1beta1', 'DomainMapping');
      if (!objects.some((object) => object.apiVersion === 'v1' && object.kind === 'Service')) {
        for (const reference of publishedPorts(container, namespace)) await api.remove(reference);
      }
      await applyExternalConnection(
        api,
        connectionOwner(container, namespace),
        rendered.filter(isExternalConnectionObject),
      );
    },
    async deleteContainer(tx, container) {
      const namespace = container.namespace.internalName;
      const { items: mappings } = await api.list(
        'serving.knative.dev/v1beta1',
        'DomainMapping',
        namespace,
        selectorOf('container', container.id),
      );
      await removeAll(`container ${container.name}`, [
        ...mappings.map((mapping) => ref(mapping.apiVersion, mapping.kind, mapping.metadata.name, namespace)),
        ...containerObjects(container, namespace),
        ...(await externalConnectionReferences(api, connectionOwner(container, namespace))),
      ]);
      // Gone from the cluster: its replicas stop costing, and the container is removed.
      await deps.reports.containerRemoved(tx, container.id);
    },
    async applyContainerJob(_tx, job) {
      await api.apply(renderContainerJob(job));
    },
    async deleteContainerJob(_tx, job) {
      const namespace = job.namespace.internalName;
      // Foreground: the CronJob goes after its Jobs (the runs in progress), and those after their pods.
      await removeAll(`container job ${job.name}`, [
        ref('batch/v1', 'CronJob', job.name, namespace),
        ref('v1', 'Secret', objectNames.jobSecret(job.name), namespace),
      ]);
    },
    async startJobRun(_tx, job, run) {
      // A scheduled run's Job is the CronJob's own, named as the run (`{job}-{minutes since 1970}`); the
      // watch finds it under the same name.
      if (run.trigger === 'schedule') return;
      const cronJob = await api.read(ref('batch/v1', 'CronJob', job.name, job.namespace.internalName));
      const uid = (cronJob?.metadata as { uid?: string } | undefined)?.uid;
      if (!uid) throw new Error(`container job ${job.name} is not on the cluster yet`);
      await api.apply([renderRunJob(job, run.name, uid)]);
    },
    async stopJobRun(_tx, job, run) {
      // Its pods go first (foreground), their command killed; the watch then finds the run already ended.
      await api.remove(ref('batch/v1', 'Job', run.name, job.namespace.internalName));
    },
    // The watches carry the cluster's news; now and then what is still in progress is read again, and
    // containers' usage is sampled.
    async reconcile() {
      if (Date.now() - lastSample >= metricsIntervalMs) {
        lastSample = Date.now();
        // A failed sample is a gap in the charts; the resync below must not wait for the next one.
        await metrics
          .sample()
          .catch((error: unknown) => deps.log.warn({ err: error }, 'sampling container metrics failed'));
      }
      if (Date.now() - lastResync < RESYNC_MS) return;
      lastResync = Date.now();
      await watch.resync();
    },
    metricsUnavailable: () => ({
      containers: metrics.unavailable(),
      series: { REQUESTS_PER_SECOND: metrics.requestsUnavailable() },
    }),
    start: () => watch.start(),
    stop: () => watch.stop(),
  };
}
