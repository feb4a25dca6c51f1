import DataLoader from 'dataloader';

// Per-request batching: every load made while GraphQL resolves one level of a list is collected by
// DataLoader and answered by one statement, so a list costs the same number of statements for 1 or 100
// items. A loader caches for as long as it lives: they are created once per request (graphql/loaders.ts).

type Batch<K, V> = (keys: K[]) => Promise<Map<K, V>>;

/** A loader over a batch that answers a Map; keys it leaves out resolve to `missing`. */
export function batchLoader<K, V>(batch: Batch<K, V>, missing: V): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(async (keys) => {
    const values = await batch([...keys]);
    return keys.map((key) => values.get(key) ?? missing);
  });
  return (key) => loader.load(key);
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
