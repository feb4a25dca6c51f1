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
    containers: '/compute/serverless-containers/$namespaceName/containers',
    containerJobs: '/compute/serverless-containers/$namespaceName/container-jobs',
    registries: '/compute/serverless-containers/$namespaceName/registries',
    volumes: '/compute/serverless-containers/$namespaceName/volumes',
  },
  containers: {
    create: '/compute/serverless-containers/$namespaceName/container/new',
    details: '/compute/serverless-containers/$namespaceName/container/$containerName',
    overview: '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
    configure: '/compute/serverless-containers/$namespaceName/container/$containerName/configure',
  },
  containerJobs: {
    create: '/compute/serverless-containers/$namespaceName/container-job/new',
    details: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName',
    overview: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
    configure: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/configure',
  },
  registries: {
    create: '/compute/serverless-containers/$namespaceName/registries/new',
  },
  volumes: {
    create: '/compute/serverless-containers/$namespaceName/volumes/new',
    resize: '/compute/serverless-containers/$namespaceName/volumes/$volumeName/resize',
  },
} as const;
