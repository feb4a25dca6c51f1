import type { DatabaseClusterDriver } from '../database-cluster-driver.ts';

const DEFAULT_PORTS = { postgresql: 5432, mysql: 3306 } as const;

/**
 * Clusters that exist only on paper: each is placed at `{cluster}-{namespace}.db.<apps domain>` on its
 * engine's usual port, and every change succeeds (after the provisioner's simulated delay).
 */
export function createSimulatedDatabaseClusters(options: { appsDomain: string }): DatabaseClusterDriver {
  return {
    name: 'simulated',
    refusal: () => null,
    placement: (cluster) => ({
      hostname: `${cluster.name}-${cluster.namespace}.db.${options.appsDomain}`,
      port: DEFAULT_PORTS[cluster.engine],
      namePrefix: '',
    }),
    apply: async () => undefined,
    delete: async () => undefined,
    close: async () => undefined,
  };
}
