import type { Resolvers } from '../../generated/console-logs-resolvers-types.ts';
import type { LogLineView } from './service.ts';

// The console-logs API (packages/schema/console-logs.graphql). Containers, jobs and runs are found as the
// signed-in customer's own (LogService), so another customer's are not found, in queries and tails alike.

/** A tail yields the lines themselves; the subscription field's value is each line. */
const eachLine = { resolve: (line: LogLineView) => line };

export const logResolvers: Resolvers = {
  Query: {
    containerLogs: (_parent, { source, query }, { account, services }) =>
      services.logs.containerLines(account, source, query),
    jobRunLogs: (_parent, { source, query }, { account, services }) =>
      services.logs.jobRunLines(account, source, query),
  },
  Subscription: {
    containerLogTail: {
      subscribe: (_parent, { source, afterId, filter }, { account, services }) =>
        services.logs.tailContainer(account, source, afterId, filter),
      ...eachLine,
    },
    jobRunLogTail: {
      subscribe: (_parent, { source, afterId, filter }, { account, services }) =>
        services.logs.tailJobRun(account, source, afterId, filter),
      ...eachLine,
    },
  },
};
