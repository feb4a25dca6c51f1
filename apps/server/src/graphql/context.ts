import type { AccountWithCustomer } from '../modules/accounts/store.ts';
import type { Services } from '../services.ts';

export interface GraphQLContext {
  /** The signed-in account; the HTTP layer rejects requests without one before GraphQL runs. */
  account: AccountWithCustomer;
  services: Services;
}

const scopes = new WeakMap<GraphQLContext, Map<unknown, unknown>>();

/**
 * What `make` builds, once per request (the context object lives exactly as long as the request): the
 * home of per-request loaders. `make` must be a stable, module-level function: it is the cache key.
 */
export function perRequest<T>(context: GraphQLContext, make: (context: GraphQLContext) => T): T {
  let scope = scopes.get(context);
  if (!scope) {
    scope = new Map();
    scopes.set(context, scope);
  }
  if (!scope.has(make)) scope.set(make, make(context));
  return scope.get(make) as T;
}
