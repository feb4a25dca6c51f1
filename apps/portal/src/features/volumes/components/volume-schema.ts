import * as z from 'zod/mini';
import { resourceNameSchema } from '../../../lib/validation/resource-name.ts';

// API.md and issue 5: volume sizes are whole GB from 1 to 1000, and volumes only grow.
export const volumeLimits = { minGb: 1, maxGb: 1000 } as const;

const wholeGb = (minimum: number, tooSmall: string) =>
  z.string().check(
    z.trim(),
    z.regex(/^\d+$/, 'Enter a whole number of GB'),
    z.refine((text) => Number(text) >= minimum, tooSmall),
    z.refine((text) => Number(text) <= volumeLimits.maxGb, `Use at most ${volumeLimits.maxGb} GB`),
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
