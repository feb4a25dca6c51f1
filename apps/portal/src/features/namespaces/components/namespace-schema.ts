import * as z from 'zod/mini';
import { resourceNameSchema } from '@/lib/validation/resource-name.ts';

export const namespaceFormSchema = z.object({
  name: resourceNameSchema,
  description: z.string().check(z.trim()),
});

export type NamespaceFormValues = z.infer<typeof namespaceFormSchema>;
