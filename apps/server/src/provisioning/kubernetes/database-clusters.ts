import type { KubeConfig } from '@kubernetes/client-node';
import pg from 'pg';
import { adminUser, type ClusterState, type DatabaseClusterDriver } from '../database-cluster-driver.ts';
import { ChangeInProgress } from '../driver.ts';
import { advisePostgres } from '../postgres/advisor.ts';
import { grantInDatabase } from '../postgres/database-grants.ts';
import { createClusterApi } from './cluster-api.ts';
import { applyExternalConnection, externalConnectionReferences } from './external-connections.ts';
import type { KubernetesObject } from './objects.ts';
import { isExternalConnectionObject } from './render-external-connection.ts';
import { groupRoles, HIBERNATION, renderDatabaseCluster, userSecretName } from './render-database-cluster.ts';

// Database clusters run by CloudNativePG. apply() puts the cluster's objects on the cluster and resolves
// once CloudNativePG reports it healthy, with every managed role reconciled and every database applied,
// and the grants of the READ_ONLY / READ_WRITE groups run in each database; until then it throws
// ChangeInProgress and the provisioner asks again. A role CloudNativePG cannot reconcile is a failure.

const POSTGRES_PORT = 5432;

interface ClusterStatus {
  spec?: { instances?: number };
  status?: {
    conditions?: { type: string; status: string }[];
    instances?: number;
    readyInstances?: number;
    phase?: string;
    managedRolesStatus?: { byStatus?: Record<string, string[]>; cannotReconcile?: Record<string, string[]> };
  };
}

interface DatabaseStatus {
  status?: { applied?: boolean; message?: string };
}

/** CloudNativePG's phase of a cluster with nothing left to do. */
const HEALTHY = 'Cluster in healthy state';

/** Where Berth reaches a cluster's primary from inside the cluster it runs in (its read-write service). */
const readWriteHost = (cluster: ClusterState) => `${cluster.name}-rw.${cluster.runtimeNamespace}.svc`;

export function createKubernetesDatabaseClusters(deps: {
  kubeConfig: KubeConfig;
  appsDomain: string;
  storageClassName?: string;
  /** The `loadBalancerClass` of external connections' Services; the cluster's default load balancer without one. */
  loadBalancerClass?: string;
  /** How Berth connects to a cluster's database as its superuser to grant (tests point it elsewhere). */
  connectionOf?: (
    cluster: ClusterState,
    database: string,
    user: { name: string; password: string },
  ) => pg.ClientConfig;
}): DatabaseClusterDriver {
  const api = createClusterApi(deps.kubeConfig);
  const connectionOf =
    deps.connectionOf ??
    ((cluster, database, user) => ({
      host: readWriteHost(cluster),
      port: POSTGRES_PORT,
      database,
      user: user.name,
      password: user.password,
    }));

  const render = (cluster: ClusterState) =>
    renderDatabaseCluster(cluster, deps.storageClassName, { loadBalancerClass: deps.loadBalancerClass });
  const connectionOwner = (cluster: ClusterState) => ({
    namespace: cluster.runtimeNamespace,
    kind: 'database-cluster' as const,
    id: cluster.id,
    what: `cluster ${cluster.name}`,
  });

  /** Why the applied objects do not serve the desired state yet, or null once they do. */
  function pending(applied: KubernetesObject[], cluster: ClusterState): string | null {
    const clusterObject = applied.find((object) => object.kind === 'Cluster') as
      (KubernetesObject & ClusterStatus) | undefined;
    const status = clusterObject?.status;
    const failing = Object.entries(status?.managedRolesStatus?.cannotReconcile ?? {});
    if (failing.length) {
      const [role, reasons] = failing[0] ?? [];
      throw new Error(
        `cluster ${cluster.name}: role ${role} cannot be reconciled: ${(reasons ?? []).join('; ')}`,
      );
    }
    // Every instance of the applied spec ready (a plan change adds or resizes them), and CloudNativePG done
    // with what it was doing (a storage resize, a rolling update).
    const desired = clusterObject?.spec?.instances;
    const settled = status?.phase === undefined || status.phase === HEALTHY;
    if (!status?.readyInstances || status.readyInstances !== desired || !settled) {
      return `cluster ${cluster.name} is starting (${status?.phase ?? 'no status yet'})`;
    }
    const reconciled = new Set(status.managedRolesStatus?.byStatus?.reconciled ?? []);
    const waiting = cluster.users.find((user) => user.status !== 'deleting' && !reconciled.has(user.name));
    if (waiting) return `cluster ${cluster.name}: role ${waiting.name} is being reconciled`;
    const unapplied = applied.find(
      (object) => object.kind === 'Database' && (object as DatabaseStatus).status?.applied !== true,
    );
    if (unapplied) return `cluster ${cluster.name}: database ${unapplied.metadata.name} is being applied`;
    return null;
  }

  /** Why a stopped cluster is not hibernated yet, or null once CloudNativePG says it is. */
  function hibernating(applied: KubernetesObject[], cluster: ClusterState): string | null {
    const clusterObject = applied.find((object) => object.kind === 'Cluster') as
      (KubernetesObject & ClusterStatus) | undefined;
    const conditions = clusterObject?.status?.conditions ?? [];
    const done = conditions.some(
      (condition) => condition.type === HIBERNATION && condition.status === 'True',
    );
    return done ? null : `cluster ${cluster.name} is being stopped (hibernation)`;
  }

  /** The superuser's credentials, from the Secret CloudNativePG made for them (`<cluster>-superuser`). */
  async function superuser(cluster: ClusterState) {
    const secret = await api.read<KubernetesObject & { data?: Record<string, string> }>({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: `${cluster.name}-superuser`, namespace: cluster.runtimeNamespace },
    });
    const field = (key: string) => Buffer.from(secret?.data?.[key] ?? '', 'base64').toString();
    if (!field('username'))
      throw new ChangeInProgress(`cluster ${cluster.name}: its superuser Secret is not there yet`);
    return { name: field('username'), password: field('password') };
  }

  /**
   * The groups' privileges in each database. Run as the superuser: declaring default privileges for the
   * writers, and taking what a former writer owns, needs membership of their roles, which no customer role has.
   */
  async function grant(cluster: ClusterState) {
    const admin = adminUser(cluster);
    const credentials = await superuser(cluster);
    const others = cluster.users.filter((user) => user !== admin);
    for (const database of cluster.databases.filter((candidate) => candidate.status !== 'deleting')) {
      const writes = (user: (typeof others)[number]) =>
        user.status !== 'deleting' &&
        user.permissions.some(
          (permission) => permission.databaseName === database.name && permission.permission === 'READ_WRITE',
        );
      const client = new pg.Client(connectionOf(cluster, database.name, credentials));
      await client.connect();
      try {
        await grantInDatabase(client, {
          admin: admin.name,
          ...groupRoles(database.name),
          creators: [admin.name, ...others.filter(writes).map((user) => user.name)],
          formerCreators: others.filter((user) => !writes(user)).map((user) => user.name),
        });
      } finally {
        await client.end();
      }
    }
  }

  /**
   * The advisor's analysis, connected as the superuser like the grants (through the cluster's read-write
   * service): the cluster's own server, so its settings are the cluster's. A hibernated cluster has no
   * instance to read.
   */
  async function advise(cluster: ClusterState) {
    if (cluster.stopped) return [];
    const credentials = await superuser(cluster);
    return advisePostgres(cluster, 'own', async (database, work) => {
      const client = new pg.Client(connectionOf(cluster, database ?? 'postgres', credentials));
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    });
  }

  return {
    name: 'kubernetes',
    refusal: (engine) =>
      engine === 'postgresql'
        ? null
        : 'This cloud runs PostgreSQL clusters only; choose a PostgreSQL version',
    placement: (cluster) => ({
      hostname: `${cluster.name}-${cluster.namespace}.db.${deps.appsDomain}`,
      port: POSTGRES_PORT,
      namePrefix: '',
    }),
    async apply(cluster) {
      const rendered = render(cluster);
      const applied = await api.apply(rendered.filter((object) => !isExternalConnectionObject(object)));
      // Its addresses are published while the cluster comes up (its pods get them once they are ready).
      await applyExternalConnection(
        api,
        connectionOwner(cluster),
        rendered.filter(isExternalConnectionObject),
      );
      const waiting = cluster.stopped ? hibernating(applied, cluster) : pending(applied, cluster);
      if (waiting) throw new ChangeInProgress(waiting);
      // A hibernated cluster has no instance to grant in; its grants are run again when it comes back.
      if (!cluster.stopped) await grant(cluster);
      // Users deleted from the cluster leave their password Secrets behind until now.
      for (const user of cluster.users.filter((candidate) => candidate.status === 'deleting')) {
        await api.remove({
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: userSecretName(cluster, user), namespace: cluster.runtimeNamespace },
        });
      }
    },
    async delete(cluster) {
      const references = [
        ...render(cluster)
          .filter((object) => !isExternalConnectionObject(object))
          .map((object) => ({
            apiVersion: object.apiVersion,
            kind: object.kind,
            metadata: { name: object.metadata.name, namespace: cluster.runtimeNamespace },
          })),
        ...(await externalConnectionReferences(api, connectionOwner(cluster))),
      ];
      const gone = await Promise.all(references.map((reference) => api.remove(reference)));
      if (!gone.every(Boolean)) throw new ChangeInProgress(`cluster ${cluster.name} is being deleted`);
    },
    advise,
    close: async () => undefined,
  };
}
