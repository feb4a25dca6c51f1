import type { ContainerStore } from './store.ts';

// Per-request batching: every `load(key)` made while GraphQL resolves one level of a list is collected and
// answered by one statement, so a namespace tree costs the same number of statements for 1 or 100
// containers. Results are cached for the request only (the loaders live on one request's context).

type Batch<K, V> = (keys: K[]) => Promise<Map<K, V>>;

export function batchLoader<K, V>(batch: Batch<K, V>, missing: V) {
  const cache = new Map<K, Promise<V>>();
  let queue: K[] = [];
  let scheduled: Promise<Map<K, V>> | undefined;

  function dispatch(): Promise<Map<K, V>> {
    // After the current promise jobs and ticks: sibling resolvers of a list all run before this.
    return new Promise<void>((resolve) => {
      void Promise.resolve().then(() => process.nextTick(resolve));
    }).then(() => {
      const keys = queue;
      queue = [];
      scheduled = undefined;
      return batch(keys);
    });
  }

  return (key: K): Promise<V> => {
    const cached = cache.get(key);
    if (cached) return cached;
    scheduled ??= dispatch();
    queue.push(key);
    const result = scheduled.then((values) => values.get(key) ?? missing);
    cache.set(key, result);
    return result;
  };
}

export function createRequestLoaders(store: ContainerStore, customerId: number) {
  return {
    containersOfNamespace: batchLoader((ids: number[]) => store.listByNamespaces(ids), []),
    variables: batchLoader((ids: number[]) => store.variablesOf(ids), []),
    ingresses: batchLoader((ids: number[]) => store.ingressesOf(ids), []),
    mounts: batchLoader((ids: number[]) => store.mountsOf(ids), []),
    replicas: batchLoader((ids: number[]) => store.replicasOf(ids), []),
    registry: batchLoader((ids: number[]) => store.registriesById(ids), undefined),
    volume: batchLoader((ids: number[]) => store.volumesById(ids), undefined),
    namespace: batchLoader((ids: number[]) => store.namespacesById(customerId, ids), undefined),
  };
}

export type RequestLoaders = ReturnType<typeof createRequestLoaders>;
