// What every object Berth puts on a cluster shares: its labels (who it belongs to, which resource it
// renders) and the names of the objects that stand beside a resource's main object.

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string }[];
  };
  [field: string]: unknown;
}

/** The kinds of resource Berth renders; a label value on every object. */
export type ResourceKind =
  'namespace' | 'registry' | 'volume' | 'container' | 'container-job' | 'database-cluster' | 'message-queue';

export const LABELS = {
  managedBy: 'app.kubernetes.io/managed-by',
  customer: 'berth.dev/customer',
  namespace: 'berth.dev/namespace',
  kind: 'berth.dev/resource-kind',
  id: 'berth.dev/resource-id',
  name: 'berth.dev/resource-name',
  /**
   * `true` on the LoadBalancer Services and NetworkPolicy of a resource's external connection: what the drivers
   * list to remove those the connection no longer has. The resource's own labels do not tell them apart, as the
   * operators copy them to Services of their own (CloudNativePG's `-rw`, the RabbitMQ cluster operator's).
   */
  externalConnection: 'berth.dev/external-connection',
} as const;

/** Selects everything Berth manages (the watches' label selector). */
export const MANAGED_SELECTOR = `${LABELS.managedBy}=berth`;

/** Whose the object is and which resource it renders. Values are digits and DNS labels: valid label values. */
export interface Owner {
  customerId: number;
  /** The Berth namespace's name (the customer's), not the cluster namespace's. */
  namespace: string;
  kind: ResourceKind;
  id: number;
  name: string;
}

export function labelsOf(owner: Owner): Record<string, string> {
  return {
    [LABELS.managedBy]: 'berth',
    [LABELS.customer]: String(owner.customerId),
    [LABELS.namespace]: owner.namespace,
    [LABELS.kind]: owner.kind,
    [LABELS.id]: String(owner.id),
    [LABELS.name]: owner.name,
  };
}

/** The resource an object renders, from its labels; undefined for an object that is not Berth's. */
export function resourceOf(
  labels: Record<string, string> | undefined,
): { kind: ResourceKind; id: number } | undefined {
  const kind = labels?.[LABELS.kind] as ResourceKind | undefined;
  const id = Number(labels?.[LABELS.id]);
  if (!kind || !Number.isSafeInteger(id) || labels?.[LABELS.managedBy] !== 'berth') return undefined;
  return { kind, id };
}

// Names beside a resource's own: Berth names are DNS labels of at most 63 characters, and these prefixes
// keep them within the 253 characters of a Secret's or claim's name.
export const objectNames = {
  registrySecret: (registry: string) => `registry-${registry}`,
  volumeClaim: (volume: string) => `volume-${volume}`,
  containerSecret: (container: string) => `container-${container}-env`,
  jobSecret: (job: string) => `job-${job}-env`,
  /** The Service that exposes a container's ports beyond the first (Knative routes only one). */
  containerPorts: (container: string) => `${container}-ports`,
  databaseClusterUser: (cluster: string, user: string) => `${cluster}-user-${user}`,
  databaseObject: (cluster: string, database: string) => `${cluster}-db-${database}`,
};
