// Volume sizes are whole GB (API.md); the upper bound is what one volume of the platform can hold.
export const MAX_VOLUME_GB = 1000;

/** The problem with a size in GB, or null when it is valid. */
export function sizeProblem(size: number): string | null {
  if (!Number.isInteger(size) || size < 1 || size > MAX_VOLUME_GB) {
    return `size must be a whole number of GB from 1 to ${MAX_VOLUME_GB}`;
  }
  return null;
}
