import type { NamespaceState, RegistryState, VolumeState } from '../runtime-state.ts';
import { labelsOf, objectNames, type KubernetesObject, type Owner } from './objects.ts';

// A Berth namespace, its private registries and its volumes as cluster objects. The cluster namespace is the
// Berth namespace's internal name (`ns-` and 12 hex digits), unique across customers.

/**
 * What one namespace may hold at most. Berth's plans bound what a customer creates; the quota is the
 * cluster's own backstop against a runaway autoscaler or a bug, so it is generous.
 */
const NAMESPACE_QUOTA = {
  'requests.cpu': '64',
  'requests.memory': '256G',
  'limits.cpu': '64',
  'limits.memory': '256G',
  'requests.storage': '10000G',
  persistentvolumeclaims: '100',
  pods: '500',
  'services.loadbalancers': '50',
};

/**
 * Namespaces whose pods reach customers' pods: Knative's activator and gateways (Kourier or Istio), the
 * CloudNativePG operator, and Berth itself (deploy/kubernetes), which grants in database clusters.
 */
const PLATFORM_NAMESPACES = ['knative-serving', 'kourier-system', 'istio-system', 'cnpg-system', 'berth'];

/**
 * Lets anyone reach the selected pods on ports a LoadBalancer publishes (a container's ports beyond the
 * first, a database cluster's PostgreSQL): they are public anyway, and the default-deny policy would
 * otherwise drop traffic from outside the cluster.
 */
export function publicPortsPolicy(
  metadata: KubernetesObject['metadata'],
  podSelector: Record<string, string>,
  ports: number[],
): KubernetesObject {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata,
    spec: {
      podSelector: { matchLabels: podSelector },
      policyTypes: ['Ingress'],
      ingress: [{ ports: ports.map((port) => ({ port, protocol: 'TCP' })) }],
    },
  };
}

export type NamespaceInput = NamespaceState;

/** The port of queue-proxy's metrics (Knative's `http-usermetric`), which a cluster's Prometheus scrapes. */
const QUEUE_PROXY_METRICS_PORT = 9091;

/**
 * `prometheusNamespace`: where the Prometheus that scrapes queue-proxy runs; the default-deny policy lets it
 * reach that port of the namespace's pods.
 */
export function renderNamespace(
  namespace: NamespaceInput,
  options: { prometheusNamespace?: string } = {},
): KubernetesObject[] {
  const owner: Owner = {
    customerId: namespace.customerId,
    namespace: namespace.name,
    kind: 'namespace',
    id: namespace.id,
    name: namespace.name,
  };
  const labels = labelsOf(owner);
  const metadata = (name: string) => ({ name, namespace: namespace.internalName, labels });
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace.internalName, labels } },
    {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: metadata('berth-quota'),
      spec: { hard: NAMESPACE_QUOTA },
    },
    {
      // Nothing reaches the namespace's pods but its own pods and the platform's namespaces; what a
      // LoadBalancer publishes has a policy of its own (publicPortsPolicy). Egress is left open.
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: metadata('berth-default-deny'),
      spec: {
        podSelector: {},
        policyTypes: ['Ingress'],
        ingress: [
          { from: [{ podSelector: {} }] },
          {
            from: [
              {
                namespaceSelector: {
                  matchExpressions: [
                    {
                      key: 'kubernetes.io/metadata.name',
                      operator: 'In',
                      values: PLATFORM_NAMESPACES,
                    },
                  ],
                },
              },
            ],
          },
          ...(options.prometheusNamespace
            ? [
                {
                  from: [
                    {
                      namespaceSelector: {
                        matchLabels: { 'kubernetes.io/metadata.name': options.prometheusNamespace },
                      },
                    },
                  ],
                  ports: [{ protocol: 'TCP', port: QUEUE_PROXY_METRICS_PORT }],
                },
              ]
            : []),
        ],
      },
    },
  ];
}

export type RegistryInput = RegistryState;

/** The registry's credentials as an image pull secret (`kubernetes.io/dockerconfigjson`). */
export function renderRegistrySecret(registry: RegistryInput): KubernetesObject {
  const auth = Buffer.from(`${registry.username}:${registry.password}`).toString('base64');
  const config = {
    auths: {
      [registry.source.authority]: { username: registry.username, password: registry.password, auth },
    },
  };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: objectNames.registrySecret(registry.name),
      namespace: registry.namespace.internalName,
      labels: labelsOf({
        customerId: registry.customerId,
        namespace: registry.namespace.name,
        kind: 'registry',
        id: registry.id,
        name: registry.name,
      }),
    },
    type: 'kubernetes.io/dockerconfigjson',
    data: { '.dockerconfigjson': Buffer.from(JSON.stringify(config)).toString('base64') },
  };
}

export type VolumeInput = VolumeState;

/**
 * The volume as a claim of its size; growing it is a bigger request on the same claim (the storage class
 * must allow expansion). ReadWriteOnce: a volume is mounted by the workloads of one node at a time.
 */
export function renderVolumeClaim(volume: VolumeInput, storageClassName?: string): KubernetesObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: objectNames.volumeClaim(volume.name),
      namespace: volume.namespace.internalName,
      labels: labelsOf({
        customerId: volume.customerId,
        namespace: volume.namespace.name,
        kind: 'volume',
        id: volume.id,
        name: volume.name,
      }),
    },
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: `${volume.sizeGb}G` } },
      ...(storageClassName ? { storageClassName } : {}),
    },
  };
}
