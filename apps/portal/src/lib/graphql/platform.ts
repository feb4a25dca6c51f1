import { env } from '../../config/env.ts';
import { session } from '../auth/session.ts';
import { createGraphQLClient } from './client.ts';

/** The platform API (API.md), called with the signed-in customer's token. */
export const platformRequest = createGraphQLClient({
  endpoint: env.platformGraphqlUrl,
  getAccessToken: () => session.getAccessToken(),
  onUnauthenticated: () => session.restartSignIn(),
});
