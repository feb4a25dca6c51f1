import { grants, type Permissions, type ProtectedResource } from './permissions.ts';

export interface AccessStatus {
  /** Holds neither `create` nor `create-limited` on serverless containers (SPEC §4). */
  suspended: boolean;
  /** Holds `create`: a subscribed customer. (The original source calls this the "limited access" flag.) */
  fullAccess: boolean;
  /** Holds `create-limited` only: may create the first namespace, container or job, nothing more. */
  restricted: boolean;
}

export function accessStatus(permissions: Permissions): AccessStatus {
  const fullAccess = grants(permissions, { resource: 'serverless-container', scope: 'create' });
  const anyAccess = grants(permissions, { resource: 'serverless-container', scope: 'create-limited' });
  return { suspended: !anyAccess, fullAccess, restricted: anyAccess && !fullAccess };
}

/**
 * Holds `create` on the product: what its subscription grants (serverless containers: full access; cloud
 * databases: any access at all, SPEC §2 /storage).
 */
export function subscribedTo(permissions: Permissions, product: ProtectedResource): boolean {
  return grants(permissions, { resource: product, scope: 'create' });
}

/** A restricted customer may create only while nothing of that kind exists yet. */
export function mayCreate(access: AccessStatus, existingCount: number): boolean {
  return access.fullAccess || (access.restricted && existingCount === 0);
}

/** What a restricted customer may create without a subscription, said where the limit stops them. */
export const planLimitReasons = {
  namespace: 'Without a subscription you can have one namespace.',
  container: 'Without a subscription a namespace holds one container.',
  containerJob: 'Without a subscription a namespace holds one container job.',
} as const;
