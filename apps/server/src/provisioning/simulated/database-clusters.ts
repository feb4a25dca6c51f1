import type { ClusterAdvisory, ClusterState, DatabaseClusterDriver } from '../database-cluster-driver.ts';
import { settingAdvisories } from '../postgres/advisor.ts';

const DEFAULT_PORTS = { postgresql: 5432, mysql: 3306 } as const;

const EXAMPLE = 'Example (a simulated cluster has no statistics to read): ';

/**
 * What the advisor reports of a simulated cluster: fixed examples, so that the portal and clients see both
 * kinds: a missing index on a table `public.events` of the cluster's first database (when it has one), and
 * one setting suggestion (shared_buffers at PostgreSQL's default of 128 MB, judged against the plan).
 */
function exampleAdvisories(cluster: ClusterState): ClusterAdvisory[] {
  const first = cluster.databases.find((database) => database.status !== 'deleting');
  const index: ClusterAdvisory[] = first
    ? [
        {
          type: 'MissingIndex',
          identifier: `missing-index:${first.name}.public.events`,
          databaseName: first.name,
          message:
            `${EXAMPLE}table public.events in database ${first.name} (120,000 rows, 24 MB) was read by 480 ` +
            'sequential scans and 3 index scans: an index on the columns its frequent queries filter on ' +
            'would let them read only the rows they need (CREATE INDEX CONCURRENTLY ON public.events (...)).',
        },
      ]
    : [];
  if (cluster.engine === 'mysql') {
    return [
      ...index,
      {
        type: 'SettingSuggestion',
        identifier: 'setting:innodb_buffer_pool_size',
        message:
          `${EXAMPLE}innodb_buffer_pool_size is 128 MB, less than a tenth of the ${cluster.size.memoryGb} GB ` +
          "of memory of the cluster's plan: about 70% would keep more of the data in memory.",
      },
    ];
  }
  const [buffers] = settingAdvisories(
    { sharedBuffersBytes: 128 * 1024 * 1024, workMemBytes: 4 * 1024 * 1024, maxConnections: 100 },
    // 128 MB is under 15% of any plan's memory (1 GB and up): always a suggestion.
    cluster.size,
    'own',
  ).filter((advisory) => advisory.identifier === 'setting:shared_buffers');
  return buffers ? [...index, { ...buffers, message: EXAMPLE + buffers.message }] : index;
}

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
    advise: async (cluster) => exampleAdvisories(cluster),
    close: async () => undefined,
  };
}
