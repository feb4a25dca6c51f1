import type { Resolvers } from '../../generated/resolvers-types.ts';

// `events` of each resource type: the parent was found as the signed-in customer's, so its events are too.
export const eventResolvers: Resolvers = {
  Container: {
    events: (row, args, { services }) => services.events.list({ kind: 'container', id: row.id }, args),
  },
  ContainerJob: {
    events: (row, args, { services }) => services.events.list({ kind: 'container-job', id: row.id }, args),
  },
  Volume: {
    events: (row, args, { services }) => services.events.list({ kind: 'volume', id: row.id }, args),
  },
  CloudDatabaseCluster: {
    events: (row, args, { services }) => services.events.list({ kind: 'database-cluster', id: row.id }, args),
  },
  MessageQueue: {
    events: (row, args, { services }) => services.events.list({ kind: 'message-queue', id: row.id }, args),
  },
  ResourceEvent: {
    account: (event, _args, { account, services }) => services.audit.author(account, event.accountId),
  },
};
