import { VOLUME_SIZE_GB, volumeSizeProblem } from '@berth/rules';

// Volume sizes are whole GB (API.md); the bounds are @berth/rules'.
export const MAX_VOLUME_GB = VOLUME_SIZE_GB.max;

/** The problem with a size in GB, or null when it is valid. */
export function sizeProblem(size: number): string | null {
  return volumeSizeProblem(size)
    ? `size must be a whole number of GB from ${VOLUME_SIZE_GB.min} to ${MAX_VOLUME_GB}`
    : null;
}
