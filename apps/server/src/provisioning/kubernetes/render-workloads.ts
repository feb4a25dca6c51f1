import { labelsOf, objectNames, type KubernetesObject, type Owner } from './objects.ts';
import { publicPortsPolicy } from './render-namespace.ts';
import { renderExternalConnection, type LoadBalancerOptions } from './render-external-connection.ts';
import {
  containerSizeOf,
  STARTING_DEADLINE_MS,
  type ContainerJobState,
  type ContainerState,
  type RuntimeScaling,
  type WorkloadState,
} from '../runtime-state.ts';

// Containers and container jobs as cluster objects. What they share (the image, its command, size,
// variables, mounts and pull secret) is one pod template; a container is a Knative Service (with a domain
// mapping per address, a LoadBalancer Service for ports beyond the first, and those of its external
// connection), a job a CronJob whose Jobs are its runs. Secret variables live in a Secret beside the workload
// and reach it by reference.

/** The one container of a workload's pods (Knative adds its queue-proxy beside it). */
export const WORKLOAD_CONTAINER = 'app';
const KNATIVE_SERVICE_LABEL = 'serving.knative.dev/service';
/**
 * The ports Knative reserves for queue-proxy, the sidecar in every pod of a container, and refuses as a container's
 * port: HTTP/1, HTTP/2, its admin, the autoscaler's and the user's metrics, profiling. The pod's containers share
 * its network: the customer's program cannot listen on them, and publishing them would publish the proxy's.
 */
export const QUEUE_PROXY_PORTS: ReadonlySet<number> = new Set([8012, 8013, 8022, 9090, 9091, 8008]);
/** How long a finished run's Job (and its pod, with its log) stays after Berth has read it. */
const FINISHED_RUN_TTL_SECONDS = 24 * 3600;
const FINISHED_JOBS_KEPT = 3;

// The renderers' input is the desired state the modules hand over (runtime-state.ts).
export type WorkloadInput = WorkloadState;
export type ContainerInput = ContainerState;
export type ContainerJobInput = ContainerJobState;

const ownerOf = (workload: WorkloadInput, kind: Owner['kind']): Owner => ({
  customerId: workload.customerId,
  namespace: workload.namespace.name,
  kind,
  id: workload.id,
  name: workload.name,
});

function variablesSecret(workload: WorkloadInput, name: string, owner: Owner): KubernetesObject {
  const data = Object.fromEntries(
    workload.variables
      .filter((variable) => variable.secret)
      .map((variable) => [variable.name, Buffer.from(variable.value).toString('base64')]),
  );
  // Rendered even with no secret variables, so that removing the last one empties it.
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace: workload.namespace.internalName, labels: labelsOf(owner) },
    type: 'Opaque',
    data,
  };
}

/** The pod spec both kinds share: one container of the workload's image, size, variables and mounts. */
function podSpec(workload: WorkloadInput, secretName: string, extra: Record<string, unknown> = {}) {
  const size = containerSizeOf(workload.resources);
  const quantities = { cpu: `${size.millicores}m`, memory: `${size.megabytes}M` };
  const env = workload.variables.map((variable) =>
    variable.secret
      ? { name: variable.name, valueFrom: { secretKeyRef: { name: secretName, key: variable.name } } }
      : { name: variable.name, value: variable.value },
  );
  const volumes = workload.mounts.map((mount) => ({
    name: objectNames.volumeClaim(mount.volumeName),
    persistentVolumeClaim: { claimName: objectNames.volumeClaim(mount.volumeName) },
  }));
  return {
    containers: [
      {
        name: WORKLOAD_CONTAINER,
        image: workload.image,
        ...(workload.entrypoint?.length ? { command: workload.entrypoint } : {}),
        ...(workload.command?.length ? { args: workload.command } : {}),
        env,
        // Requests equal limits: a customer pays for the size and gets it, no more, no less.
        resources: { requests: quantities, limits: quantities },
        volumeMounts: workload.mounts.map((mount) => ({
          name: objectNames.volumeClaim(mount.volumeName),
          mountPath: mount.path,
        })),
        ...extra,
      },
    ],
    volumes,
    imagePullSecrets: workload.registryName
      ? [{ name: objectNames.registrySecret(workload.registryName) }]
      : [],
  };
}

/** Knative's autoscaling annotations for the container's scaling. */
function scalingAnnotations(scaling: RuntimeScaling, megabytes: number): Record<string, string> {
  if ('replicas' in scaling) {
    // Knative reads max-scale 0 as "no limit": zero replicas is scale-to-zero with at most one when called.
    return scaling.replicas === 0
      ? {
          'autoscaling.knative.dev/min-scale': '0',
          'autoscaling.knative.dev/max-scale': '1',
          'autoscaling.knative.dev/initial-scale': '0',
        }
      : {
          'autoscaling.knative.dev/min-scale': String(scaling.replicas),
          'autoscaling.knative.dev/max-scale': String(scaling.replicas),
        };
  }
  // Knative scales on one metric: CPU when the container has a CPU trigger, else memory. CPU's target is a
  // percentage of the request; memory's, for the HPA class, an average in Mi.
  const trigger = scaling.triggers.find((candidate) => candidate.type === 'CPU') ?? scaling.triggers[0];
  const metric = trigger?.type === 'MEMORY' ? 'memory' : 'cpu';
  const threshold = trigger?.threshold ?? 80;
  const target = metric === 'cpu' ? threshold : Math.round((megabytes * 1e6 * threshold) / 100 / 2 ** 20);
  return {
    'autoscaling.knative.dev/class': 'hpa.autoscaling.knative.dev',
    'autoscaling.knative.dev/metric': metric,
    'autoscaling.knative.dev/target': String(target),
    'autoscaling.knative.dev/min-scale': String(scaling.minimum),
    'autoscaling.knative.dev/max-scale': String(scaling.maximum),
  };
}

/**
 * The container's external connection. The Services select the pods of every revision of the Knative Service
 * (Knative labels them `serving.knative.dev/service`) and send to the internal port on the pod itself: Knative
 * keeps the user container's port as declared (`containerPort`, named `user-port`), and the pod's containers
 * share its network, so every port the program listens on is there at the pod's address. Traffic goes straight
 * to the program, not through queue-proxy: queue-proxy forwards HTTP only to the serving port, and a connection
 * carries any TCP or UDP. Hence also: the activator does not wake a container scaled to zero for it, and it does
 * not count for Knative's request metrics (Berth's autoscaling is on CPU or memory). Ports forwarded to
 * queue-proxy's own ports are left out.
 */
function containerConnection(container: ContainerInput, options: LoadBalancerOptions): KubernetesObject[] {
  const connection = container.externalConnection;
  const selector = { [KNATIVE_SERVICE_LABEL]: container.name };
  return renderExternalConnection(
    {
      baseName: container.name,
      namespace: container.namespace.internalName,
      labels: labelsOf(ownerOf(container, 'container')),
      serviceSelector: selector,
      policySelector: selector,
    },
    connection && {
      ...connection,
      ports: connection.ports.filter((port) => !QUEUE_PROXY_PORTS.has(port.internalPort)),
    },
    options,
  );
}

export function renderContainer(
  container: ContainerInput,
  options: LoadBalancerOptions = {},
): KubernetesObject[] {
  const owner = ownerOf(container, 'container');
  const labels = labelsOf(owner);
  const namespace = container.namespace.internalName;
  const secretName = objectNames.containerSecret(container.name);
  const ports = container.ports.map(Number);
  const [servingPort, ...otherPorts] = ports;
  const health = container.healthCheck;
  const probe = health ? { readinessProbe: { httpGet: { path: health.path, port: health.port } } } : {};
  const service: KubernetesObject = {
    apiVersion: 'serving.knative.dev/v1',
    kind: 'Service',
    metadata: { name: container.name, namespace, labels },
    spec: {
      template: {
        metadata: {
          labels,
          annotations: {
            'berth.dev/changed-at': container.changedAt.toISOString(),
            ...scalingAnnotations(container.scaling, containerSizeOf(container.resources).megabytes),
          },
        },
        spec: podSpec(container, secretName, {
          ...(servingPort ? { ports: [{ containerPort: servingPort }] } : {}),
          ...probe,
        }),
      },
    },
  };
  const domainMappings = container.ingresses.map<KubernetesObject>((ingress) => ({
    apiVersion: 'serving.knative.dev/v1beta1',
    kind: 'DomainMapping',
    metadata: {
      name: ingress.domainName,
      namespace,
      labels,
      // Knative issues the certificate (external-domain-TLS); an address without TLS opts out.
      ...(ingress.enableTls
        ? {}
        : { annotations: { 'networking.knative.dev/disable-external-domain-tls': 'true' } }),
    },
    spec: { ref: { apiVersion: 'serving.knative.dev/v1', kind: 'Service', name: container.name, namespace } },
  }));
  const loadBalancer: KubernetesObject[] = otherPorts.length
    ? [
        {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: objectNames.containerPorts(container.name), namespace, labels },
          spec: {
            type: 'LoadBalancer',
            selector: { [KNATIVE_SERVICE_LABEL]: container.name },
            ports: otherPorts.map((port) => ({
              name: `port-${port}`,
              port,
              targetPort: port,
              protocol: 'TCP',
            })),
          },
        },
        publicPortsPolicy(
          { name: objectNames.containerPorts(container.name), namespace, labels },
          { [KNATIVE_SERVICE_LABEL]: container.name },
          otherPorts,
        ),
      ]
    : [];
  return [
    variablesSecret(container, secretName, owner),
    service,
    ...domainMappings,
    ...loadBalancer,
    ...containerConnection(container, options),
  ];
}

function jobTemplate(job: ContainerJobInput, labels: Record<string, string>) {
  return {
    metadata: { labels },
    spec: {
      // A failed pod is replaced while the job's retries allow; the run ends failed after that.
      backoffLimit: job.retries,
      // The job's timeout bounds the whole run, retries included (Kubernetes fails it as DeadlineExceeded).
      ...(job.timeoutSeconds === null ? {} : { activeDeadlineSeconds: job.timeoutSeconds }),
      ttlSecondsAfterFinished: FINISHED_RUN_TTL_SECONDS,
      template: {
        metadata: { labels },
        spec: { restartPolicy: 'Never', ...podSpec(job, objectNames.jobSecret(job.name)) },
      },
    },
  };
}

export function renderContainerJob(job: ContainerJobInput): KubernetesObject[] {
  const owner = ownerOf(job, 'container-job');
  const labels = labelsOf(owner);
  return [
    variablesSecret(job, objectNames.jobSecret(job.name), owner),
    {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: job.name, namespace: job.namespace.internalName, labels },
      spec: {
        schedule: job.schedule,
        // Berth's schedules are in UTC (modules/container-jobs/schedule.ts).
        timeZone: 'Etc/UTC',
        suspend: !job.enabled,
        concurrencyPolicy: 'Forbid',
        startingDeadlineSeconds: STARTING_DEADLINE_MS / 1000,
        successfulJobsHistoryLimit: FINISHED_JOBS_KEPT,
        failedJobsHistoryLimit: FINISHED_JOBS_KEPT,
        jobTemplate: jobTemplate(job, labels),
      },
    },
  ];
}

/** "Run now": a Job from the CronJob's template, named as the run, owned by the CronJob (it goes with it). */
export function renderRunJob(job: ContainerJobInput, runName: string, cronJobUid: string): KubernetesObject {
  const template = jobTemplate(job, labelsOf(ownerOf(job, 'container-job')));
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: runName,
      namespace: job.namespace.internalName,
      labels: template.metadata.labels,
      annotations: { 'cronjob.kubernetes.io/instantiate': 'manual' },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: job.name, uid: cronJobUid }],
    },
    spec: template.spec,
  };
}
