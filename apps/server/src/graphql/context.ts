import type { AccountWithCustomer } from '../modules/accounts/store.ts';
import type { Services } from '../services.ts';
import type { RequestLoaders } from './loaders.ts';

export interface GraphQLContext {
  /** The signed-in account; the HTTP layer rejects requests without one before GraphQL runs. */
  account: AccountWithCustomer;
  services: Services;
  /** Where the request comes from: the identity provider's session of its token, and the client's address. */
  session: { id?: string; address: string };
  /** This request's batching loaders. */
  loaders: RequestLoaders;
}
