import { ChangeInProgress } from '../driver.ts';
import type { ClusterApi, ObjectReference } from './cluster-api.ts';
import { LABELS, type KubernetesObject, type ResourceKind } from './objects.ts';

// How the three drivers keep a resource's external connection on the cluster (render-external-connection.ts):
// what the cluster has of it is found by its labels, so a connection removed (or a Service of an allowlist no
// port has any more) goes on the next apply, and everything of it goes with the resource.

/** The kinds a connection renders. */
const KINDS = [
  { apiVersion: 'v1', kind: 'Service' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy' },
] as const;

export interface ConnectionOwner {
  namespace: string;
  kind: ResourceKind;
  id: number;
  /** The resource as messages name it (`container web`). */
  what: string;
}

const selectorOf = (owner: ConnectionOwner) =>
  `${LABELS.kind}=${owner.kind},${LABELS.id}=${owner.id},${LABELS.externalConnection}=true`;

const keyOf = (apiVersion: string, kind: string, name: string) => `${apiVersion}/${kind}/${name}`;

interface Found {
  reference: ObjectReference;
  loadBalancerClass: string | undefined;
}

/** The connection's objects on the cluster (list items carry no kind: the listing says which). */
async function found(api: ClusterApi, owner: ConnectionOwner): Promise<Found[]> {
  const lists = await Promise.all(
    KINDS.map(async ({ apiVersion, kind }) => {
      const { items } = await api.list<KubernetesObject & { spec?: { loadBalancerClass?: string } }>(
        apiVersion,
        kind,
        owner.namespace,
        selectorOf(owner),
      );
      return items.map((item) => ({
        reference: { apiVersion, kind, metadata: { name: item.metadata.name, namespace: owner.namespace } },
        loadBalancerClass: item.spec?.loadBalancerClass,
      }));
    }),
  );
  return lists.flat();
}

/** What a resource's deletion removes of its connection, whatever its state still says of it. */
export async function externalConnectionReferences(
  api: ClusterApi,
  owner: ConnectionOwner,
): Promise<ObjectReference[]> {
  return (await found(api, owner)).map((object) => object.reference);
}

/**
 * Puts the rendered connection objects on the cluster and removes the connection's others. Those go first,
 * and the new ones wait until they are gone (ChangeInProgress): a port that moves from one Service to another
 * (its allowlist changed) would otherwise be on two Services of one address at once, which MetalLB refuses.
 * A Service whose load balancer class is no longer the configured one goes too: the class is immutable.
 */
export async function applyExternalConnection(
  api: ClusterApi,
  owner: ConnectionOwner,
  rendered: KubernetesObject[],
): Promise<void> {
  const wanted = new Map(
    rendered.map((object) => [keyOf(object.apiVersion, object.kind, object.metadata.name), object]),
  );
  const stale = (await found(api, owner)).filter(({ reference, loadBalancerClass }) => {
    const desired = wanted.get(keyOf(reference.apiVersion, reference.kind, reference.metadata.name));
    if (!desired) return true;
    const desiredClass = (desired.spec as { loadBalancerClass?: string } | undefined)?.loadBalancerClass;
    return reference.kind === 'Service' && loadBalancerClass !== desiredClass;
  });
  if (stale.length) {
    const gone = await Promise.all(stale.map(({ reference }) => api.remove(reference)));
    // A deletion that is done at once (no finalizer) needs no second round.
    const left = gone.every(Boolean)
      ? []
      : (await Promise.all(stale.map(({ reference }) => api.read(reference)))).filter(Boolean);
    if (left.length) {
      throw new ChangeInProgress(`${owner.what}: former external connection objects are being removed`);
    }
  }
  await api.apply(rendered);
}
