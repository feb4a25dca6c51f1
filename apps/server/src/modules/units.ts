// The API's units (API.md `Unit`, `CpuUnit`): sizes are decimal (1 GB = 1000 MB, 1 TB = 1000 GB).
const BYTES_PER_MB = 1_000_000;
const MB_PER_UNIT = { MB: 1, GB: 1000, TB: 1_000_000 } as const;
export type SizeUnit = keyof typeof MB_PER_UNIT;

/** Megabytes expressed in the unit. */
export const mbIn = (megabytes: number, unit: SizeUnit) => megabytes / MB_PER_UNIT[unit];

/** Gigabytes expressed in the unit. */
export const gbIn = (gb: number, unit: SizeUnit) => mbIn(gb * MB_PER_UNIT.GB, unit);

/** Bytes expressed in the unit. */
export const bytesIn = (bytes: number, unit: SizeUnit) => mbIn(bytes / BYTES_PER_MB, unit);

/** Millicores expressed in cores (CPU) or millicores (mCPU). */
export const cpuIn = (millicores: number, unit: 'CPU' | 'mCPU') =>
  unit === 'mCPU' ? millicores : millicores / 1000;
