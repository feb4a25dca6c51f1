// Per-request batching: every `load(key)` made while GraphQL resolves one level of a list is collected and
// answered by one statement, so a list costs the same number of statements for 1 or 100 items. A loader
// caches for as long as it lives: create one per request (graphql/context.ts perRequest).

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

/** Rows grouped by a key, each group in the rows' order (the batch answer of a one-to-many loader). */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
