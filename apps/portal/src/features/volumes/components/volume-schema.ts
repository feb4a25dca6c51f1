import * as z from 'zod/mini';
import { VOLUME_SIZE_GB, volumeSizeProblem } from '@berth/rules';
import { problemCheck } from '@/lib/validation/problem-check.ts';
import { resourceNameSchema } from '@/lib/validation/resource-name.ts';

// API.md and issue 5: volume sizes are whole GB from 1 to 1000 (@berth/rules), and volumes only grow.
export const volumeLimits = { minGb: VOLUME_SIZE_GB.min, maxGb: VOLUME_SIZE_GB.max } as const;

const wholeGb = (minimum: number, tooSmall: string) =>
  z.string().check(
    z.trim(),
    problemCheck((text) => {
      // Digits only: Number() would also take 1e3 or 0x10.
      if (!/^\d+$/.test(text)) return 'Enter a whole number of GB';
      const problem = volumeSizeProblem(Number(text), minimum);
      if (problem === 'too-small') return tooSmall;
      if (problem === 'too-large') return `Use at most ${volumeLimits.maxGb} GB`;
      return problem && 'Enter a whole number of GB';
    }),
  );

export const volumeFormSchema = z.object({
  name: resourceNameSchema,
  size: wholeGb(volumeLimits.minGb, `Use at least ${volumeLimits.minGb} GB`),
});

export type VolumeFormValues = z.infer<typeof volumeFormSchema>;

/** Resizing: larger than the current size only. */
export function volumeResizeSchema(currentGb: number) {
  return z.object({
    size: wholeGb(currentGb + 1, `Enter more than the current ${currentGb} GB: volumes only grow`),
  });
}

export type VolumeResizeValues = z.infer<ReturnType<typeof volumeResizeSchema>>;
