// Kubernetes quantities as the API server reports them: storage capacities (`10G`, `10Gi`, `1500M`, `1e9`) and
// the metrics API's usage (CPU `12m` or `1234567n` cores, memory `12345Ki`). Any suffix may follow any amount.
// (The client library has a parser, but does not export it.)

const SUFFIXES: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** The amount a quantity stands for (bytes of storage or memory, cores of CPU); NaN for what is not one. */
export function quantityValue(quantity: string): number {
  const match = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))([eE][+-]?\d+|[a-zA-Z]*)$/.exec(quantity.trim());
  if (!match) return Number.NaN;
  const [, amount = '', suffix = ''] = match;
  // `e3` / `E3` is a decimal exponent; a lone `E` is exa.
  if (/^[eE][+-]?\d+$/.test(suffix)) return Number(`${amount}${suffix}`);
  const factor = SUFFIXES[suffix];
  return factor === undefined ? Number.NaN : Number(amount) * factor;
}
