import type { Resolvers } from '../../generated/resolvers-types.ts';

export const apiKeyResolvers: Resolvers = {
  Account: {
    apiKeys: (account, _args, { services }) => services.apiKeys.list(account),
  },
  ApiKey: {
    id: (key) => String(key.id),
  },
  Mutation: {
    accountApiKeyCreate: (_parent, input, { account, services }) => services.apiKeys.create(account, input),
    accountApiKeyRevoke: (_parent, { id }, { account, services }) => services.apiKeys.revoke(account, id),
  },
};
