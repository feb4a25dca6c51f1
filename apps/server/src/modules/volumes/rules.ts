// Volume sizes are whole GB (API.md); the upper bound is what one volume of the platform can hold.
export const MAX_VOLUME_GB = 1000;

/** The problem with a size in GB, or null when it is valid. */
export function sizeProblem(size: number): string | null {
  if (!Number.isInteger(size) || size < 1 || size > MAX_VOLUME_GB) {
    return `size must be a whole number of GB from 1 to ${MAX_VOLUME_GB}`;
  }
  return null;
}

const BYTES_PER_MB = 1_000_000;
const MB_PER_UNIT = { MB: 1, GB: 1000, TB: 1_000_000 } as const;

/** Size in GB expressed in the unit (1 GB = 1000 MB, 1 TB = 1000 GB). */
export const gbIn = (gb: number, unit: keyof typeof MB_PER_UNIT) => (gb * MB_PER_UNIT.GB) / MB_PER_UNIT[unit];

/** Bytes expressed in the unit (decimal units, as the sizes are). */
export const bytesIn = (bytes: number, unit: keyof typeof MB_PER_UNIT) =>
  bytes / BYTES_PER_MB / MB_PER_UNIT[unit];
