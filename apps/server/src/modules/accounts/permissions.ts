// Permissions as API.md describes them: resource name → scopes, derived from the customer's
// subscriptions. A suspended customer holds nothing.

export const PRODUCTS = ['serverless-container', 'cloud-database'] as const;
export type Product = (typeof PRODUCTS)[number];

export const SUSPENDED_REASONS = [
  'MALICIOUS_ACTIVITY',
  'PAYMENT_ISSUES',
  'ABUSIVE_BEHAVIOUR',
  'SUPPORTING_PROHIBITED_CONTENT',
  'DEFAULT',
] as const;
export type SuspendedReason = (typeof SUSPENDED_REASONS)[number];

export interface Permission {
  rsname: string;
  scopes: string[];
}

export type ContainerAccess = 'full' | 'restricted' | 'none';

export function permissionsFor(
  customer: { suspendedReason: string | null },
  products: string[],
): Permission[] {
  if (customer.suspendedReason !== null) return [];
  const permissions: Permission[] = [
    {
      rsname: 'serverless-container',
      scopes: [products.includes('serverless-container') ? 'create' : 'create-limited'],
    },
  ];
  if (products.includes('cloud-database')) permissions.push({ rsname: 'cloud-database', scopes: ['create'] });
  return permissions;
}

export function containerAccess(permissions: Permission[]): ContainerAccess {
  const scopes = permissions.find((permission) => permission.rsname === 'serverless-container')?.scopes ?? [];
  if (scopes.includes('create')) return 'full';
  if (scopes.includes('create-limited')) return 'restricted';
  return 'none';
}
