import type { Resolvers } from '../../generated/resolvers-types.ts';

export const sessionResolvers: Resolvers = {
  Account: {
    sessions: (account, _args, { services, session }) => services.sessions.list(account, session),
  },
  AccountSession: {
    id: (row) => String(row.id),
  },
  Mutation: {
    accountSessionSignOut: (_parent, { id }, { account, services }) => services.sessions.signOut(account, id),
    accountSessionsSignOutOthers: (_parent, _args, { account, services, session }) =>
      services.sessions.signOutOthers(account, session),
  },
};
