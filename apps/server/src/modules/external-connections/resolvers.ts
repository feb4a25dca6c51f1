import type { Resolvers } from '../../generated/resolvers-types.ts';
import type { GraphQLContext } from '../../graphql/context.ts';

// `externalConnection` of each kind that can have one: the parent was found as the signed-in customer's, so
// its connection is too.

type ConnectedKind = keyof GraphQLContext['loaders']['externalConnectionOf'];

async function connectionOf(kind: ConnectedKind, id: number, { loaders }: GraphQLContext) {
  const view = await loaders.externalConnectionOf[kind](id);
  if (!view) return null;
  return {
    ipv4: view.ip.ipv4,
    ipv6: view.ip.ipv6,
    sharedIp: view.ip.shared,
    ports: view.ports.map(({ externalPort, internalPort, protocol, allowList }) => ({
      externalPort,
      internalPort,
      protocol,
      allowList,
    })),
  };
}

export const externalConnectionResolvers: Resolvers = {
  Container: {
    externalConnection: (row, _args, context) => connectionOf('container', row.id, context),
  },
  CloudDatabaseCluster: {
    externalConnection: (row, _args, context) => connectionOf('database-cluster', row.id, context),
  },
  MessageQueue: {
    externalConnection: (row, _args, context) => connectionOf('message-queue', row.id, context),
  },
};
