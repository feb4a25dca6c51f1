import * as z from 'zod/mini';

// API.md: names become Kubernetes object names. Each rule has its own message so the customer sees
// which one the name breaks, in the order they are likely to hit them while typing.
export const namespaceNameSchema = z.string().check(
  z.minLength(1, 'Enter a name'),
  z.regex(/^[a-z]/, 'Start with a lowercase letter'),
  z.regex(/^[a-z0-9-]*$/, 'Use only lowercase letters, digits and hyphens'),
  z.regex(/[a-z0-9]$/, 'End with a letter or a digit'),
  z.maxLength(63, 'Use at most 63 characters'),
);

export const namespaceFormSchema = z.object({
  name: namespaceNameSchema,
  description: z.string().check(z.trim()),
});

export type NamespaceFormValues = z.infer<typeof namespaceFormSchema>;
