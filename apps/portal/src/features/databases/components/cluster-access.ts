import type { DatabasePermission } from '@/gql/graphql.ts';

/** A user's access to one database of the cluster: a permission, or none. */
export type Access = 'NONE' | DatabasePermission;

export const accessLabels: Record<Access, string> = {
  NONE: 'No access',
  READ_ONLY: 'Read only',
  READ_WRITE: 'Read and write',
};
