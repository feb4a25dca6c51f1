// The names of a log's time ranges, apart from what they mean (log-range.ts): the route checks its address
// with them, and route options load with the first screen.

export const logRanges = ['live', '15m', '1h', '24h', '7d', 'custom'] as const;
export type LogRange = (typeof logRanges)[number];

export const isLogRange = (value: unknown): value is LogRange =>
  typeof value === 'string' && (logRanges as readonly string[]).includes(value);
