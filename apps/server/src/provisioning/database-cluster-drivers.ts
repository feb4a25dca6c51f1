import type { Environment } from '../environment.ts';
import type { DatabaseClusterDriver } from './database-cluster-driver.ts';
import { createKubernetesDatabaseClusters } from './kubernetes/database-clusters.ts';
import { loadKubeConfig } from './kubernetes/kube-config.ts';
import { createPostgresDatabaseClusters } from './postgres/database-clusters.ts';
import { createSimulatedDatabaseClusters } from './simulated/database-clusters.ts';

/** The database cluster driver the environment selects (DATABASE_CLUSTERS_DRIVER). */
export function createDatabaseClusterDriver(
  env: Pick<
    Environment,
    | 'DATABASE_CLUSTERS_DRIVER'
    | 'DATABASE_CLUSTERS_ADMIN_URL'
    | 'APPS_DOMAIN'
    | 'KUBECONFIG'
    | 'KUBERNETES_STORAGE_CLASS'
    | 'IP_ADDRESS_LOAD_BALANCER_CLASS'
  >,
): DatabaseClusterDriver {
  switch (env.DATABASE_CLUSTERS_DRIVER) {
    case 'simulated':
      return createSimulatedDatabaseClusters({ appsDomain: env.APPS_DOMAIN });
    case 'postgres':
      // readEnvironment already refuses this; the check tells the type as much.
      if (!env.DATABASE_CLUSTERS_ADMIN_URL) {
        throw new Error('DATABASE_CLUSTERS_ADMIN_URL is required when DATABASE_CLUSTERS_DRIVER=postgres');
      }
      return createPostgresDatabaseClusters({ adminUrl: env.DATABASE_CLUSTERS_ADMIN_URL });
    case 'kubernetes':
      return createKubernetesDatabaseClusters({
        kubeConfig: loadKubeConfig(env),
        appsDomain: env.APPS_DOMAIN,
        storageClassName: env.KUBERNETES_STORAGE_CLASS,
        loadBalancerClass: env.IP_ADDRESS_LOAD_BALANCER_CLASS,
      });
  }
}
