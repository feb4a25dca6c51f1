import type { AccountWithCustomer } from '../modules/accounts/store.ts';
import type { Services } from '../services.ts';

export interface GraphQLContext {
  /** The signed-in account; the HTTP layer rejects requests without one before GraphQL runs. */
  account: AccountWithCustomer;
  services: Services;
}
