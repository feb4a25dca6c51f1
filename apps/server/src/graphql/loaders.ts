import type { AccountWithCustomer } from '../modules/accounts/store.ts';
import type { Services } from '../services.ts';

/** Every per-request loader of the API, created with the request's context (see batching.ts). */
export function createRequestLoaders(services: Services, account: AccountWithCustomer) {
  return {
    /** The account's namespaces by id; another customer's are undefined. */
    namespace: services.namespaces.loader(account),
    containers: services.containers.loaders(),
    containerJobs: services.containerJobs.loaders(),
    registriesOfNamespace: services.registries.namespaceRegistriesLoader(),
    volumesOfNamespace: services.volumes.namespaceVolumesLoader(),
    containersOfVolume: services.volumes.containersLoader(),
    clustersOfNamespace: services.databaseClusters.namespaceClustersLoader(),
    databasesOfCluster: services.databaseClusters.databasesLoader(),
    usersOfCluster: services.databaseClusters.usersLoader(),
    queuesOfNamespace: services.messageQueues.namespaceQueuesLoader(),
    usersOfQueue: services.messageQueues.usersLoader(),
    externalConnectionOf: {
      container: services.externalConnections.loader('container'),
      'database-cluster': services.externalConnections.loader('database-cluster'),
      'message-queue': services.externalConnections.loader('message-queue'),
    },
  };
}

export type RequestLoaders = ReturnType<typeof createRequestLoaders>;
