import { env } from '../../config/env.ts';
import { session } from '../auth/session.ts';
import { createGraphQLClient } from './client.ts';

/** The billing API (ours, packages/schema/billing.graphql), called with the signed-in customer's token. */
export const billingRequest = createGraphQLClient({
  endpoint: env.billingGraphqlUrl,
  getAccessToken: () => session.getAccessToken(),
  onUnauthenticated: () => session.restartSignIn(),
});
