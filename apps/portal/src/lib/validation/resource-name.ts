import * as z from 'zod/mini';

// API.md: names of namespaces and of the resources in them become Kubernetes object names. Each rule has
// its own message so the customer sees which one the name breaks, in the order they are likely to hit
// them while typing.
export const resourceNameSchema = z
  .string()
  .check(
    z.minLength(1, 'Enter a name'),
    z.regex(/^[a-z]/, 'Start with a lowercase letter'),
    z.regex(/^[a-z0-9-]*$/, 'Use only lowercase letters, digits and hyphens'),
    z.regex(/[a-z0-9]$/, 'End with a letter or a digit'),
    z.maxLength(63, 'Use at most 63 characters'),
  );

/** The first rule `name` breaks, or null: for forms that validate names inside a larger check. */
export function resourceNameProblem(name: string): string | null {
  const result = resourceNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Enter a valid name');
}
