// Every path the portal links to, in one place, in TanStack Router's pattern syntax so links stay typed
// (`<Link to={paths.namespaces.details} params={{ namespaceName }}>`).
export const paths = {
  home: '/',
  welcome: '/welcome',
  notAllowed: '/not-allowed',
  notFound: '/not-found',
  register: '/register',
  authCallback: '/auth/callback',
  authSilentCallback: '/auth/silent-callback',
  compute: '/compute',
  storage: '/storage',
  databases: '/storage/databases',
  namespaces: {
    list: '/compute/serverless-containers',
    create: '/compute/serverless-containers/new',
    details: '/compute/serverless-containers/$namespaceName',
  },
} as const;
