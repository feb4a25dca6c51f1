import type { Resolvers } from '../../generated/resolvers-types.ts';

// `events` of each resource type: the parent was found as the signed-in customer's, so its events are too.
export const eventResolvers: Resolvers = {
  Container: {
    events: (row, { limit }, { services }) =>
      services.events.list({ kind: 'container', id: row.id }, limit ?? 50),
  },
  ContainerJob: {
    events: (row, { limit }, { services }) =>
      services.events.list({ kind: 'container-job', id: row.id }, limit ?? 50),
  },
  Volume: {
    events: (row, { limit }, { services }) =>
      services.events.list({ kind: 'volume', id: row.id }, limit ?? 50),
  },
  CloudDatabaseCluster: {
    events: (row, { limit }, { services }) =>
      services.events.list({ kind: 'database-cluster', id: row.id }, limit ?? 50),
  },
  ResourceEvent: {
    account: (event, _args, { account, services }) => services.audit.author(account, event.accountId),
  },
};
