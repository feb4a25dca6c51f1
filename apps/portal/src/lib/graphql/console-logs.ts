import { env } from '../../config/env.ts';
import { session } from '../auth/session.ts';
import { createGraphQLClient } from './client.ts';

/** The console-logs API (ours, packages/schema/console-logs.graphql), called with the signed-in customer's token. */
export const consoleLogsRequest = createGraphQLClient({
  endpoint: env.consoleLogsGraphqlUrl,
  getAccessToken: () => session.getAccessToken(),
  onUnauthenticated: () => session.restartSignIn(),
});
