import { decide, type Action, type Area, type Decision, type PolicyCustomer } from '@berth/rules';
import { useQuery } from '@tanstack/react-query';
import type { Permissions } from './permissions.ts';
import { permissionsQueryOptions, useAccount } from './queries.ts';

// The portal asks the access policy (@berth/rules) the server asks before every change, so a refusal here
// says what the API's FORBIDDEN answer says, and where to act on it.

/** Why the policy refuses an action: the API's sentence, and what to do next. */
export type Refusal = Extract<Decision, { allowed: false }>;

/**
 * The customer as the policy sees it: the account's suspension and whether its address is confirmed, and the
 * products whose `create` it holds.
 */
export function policyCustomer(
  account: { emailVerified: boolean; customer: { suspendedReason: string | null } },
  permissions: Permissions,
): PolicyCustomer {
  const products = Object.keys(permissions).filter((product) => permissions[product]?.includes('create'));
  return {
    suspendedReason: account.customer.suspendedReason,
    products,
    emailVerified: account.emailVerified,
  };
}

/**
 * The policy's refusal of `action` in `area` to the signed-in customer; null when it is allowed, `undefined`
 * until the account and permissions are known.
 */
export function useRefusal(area: Area, action: Action): Refusal | null | undefined {
  const account = useAccount().data;
  const permissions = useQuery(permissionsQueryOptions()).data;
  if (!account || !permissions) return undefined;
  const decision = decide(policyCustomer(account, permissions), area, action);
  return decision.allowed ? null : decision;
}
