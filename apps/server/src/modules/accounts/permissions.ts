import { standingOf, type PolicyCustomer } from '@berth/rules';

// Permissions as API.md describes them: resource name → scopes, read from the access policy's standing of
// the customer in each product: `create` when subscribed, serverless containers' free start
// `create-limited` (also until the email address is confirmed), nothing while suspended.

export const PRODUCTS = ['serverless-container', 'cloud-database'] as const;
export type Product = (typeof PRODUCTS)[number];

export interface Permission {
  rsname: string;
  scopes: string[];
}

export function permissionsFor(customer: PolicyCustomer): Permission[] {
  const permissions: Permission[] = [];
  for (const product of PRODUCTS) {
    const standing = standingOf(customer, product);
    if (standing === 'subscribed') permissions.push({ rsname: product, scopes: ['create'] });
    if ((standing === 'new' || standing === 'unverified') && product === 'serverless-container') {
      permissions.push({ rsname: product, scopes: ['create-limited'] });
    }
  }
  return permissions;
}
