// Kubernetes quantities of storage (`10G`, `10Gi`, `1500M`, `1e9`), as the API server reports capacities.
// (The client library has a parser, but does not export it.)

const SUFFIXES: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
};

/** Bytes of a storage quantity; NaN for what is not one. */
export function storageBytes(quantity: string): number {
  const match = /^([0-9.]+(?:[eE][0-9]+)?)([a-zA-Z]*)$/.exec(quantity.trim());
  const factor = match ? SUFFIXES[match[2] ?? ''] : undefined;
  if (!match || factor === undefined) return Number.NaN;
  return Number(match[1]) * factor;
}
