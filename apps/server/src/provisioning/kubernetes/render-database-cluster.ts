import { adminUser, type ClusterState, type ClusterUserState } from '../database-cluster-driver.ts';
import { labelsOf, objectNames, type KubernetesObject } from './objects.ts';
import { publicPortsPolicy } from './render-namespace.ts';
import { renderExternalConnection, type LoadBalancerOptions } from './render-external-connection.ts';

// A database cluster as CloudNativePG objects: a `Cluster` of the plan's size whose roles are managed
// (`spec.managed.roles`: each user with its password Secret of type basic-auth, and per database a group
// role of its readers and one of its writers that users are members of), a `Database` per database owned
// by the admin user, a LoadBalancer service whose DNS name is the cluster's placement (external-dns), and the
// LoadBalancer Services of its external connection (render-external-connection.ts). What a group may do
// inside its database is SQL (database-grants.ts), run as the superuser once the cluster is up.

const CLOUDNATIVE_PG_IMAGE = 'ghcr.io/cloudnative-pg/postgresql';
/** CloudNativePG's annotation (and status condition type) of a hibernated cluster. */
export const HIBERNATION = 'cnpg.io/hibernation';

const POSTGRES_PORT = 5432;

/** Kubernetes names allow no `_`; Berth's database and user names no `-`, so the mapping is one to one. */
const kubernetesName = (name: string) => name.replaceAll('_', '-');

/** The group roles of a database (a `:` no user name can hold, as on the shared server). */
export const groupRoles = (database: string) => ({ readers: `${database}:ro`, writers: `${database}:rw` });

export function userSecretName(cluster: ClusterState, user: ClusterUserState): string {
  return objectNames.databaseClusterUser(cluster.name, kubernetesName(user.name));
}

/**
 * The labels CloudNativePG puts on a cluster's instance pods, its read-write service's selector: the cluster's
 * name, and `cnpg.io/instanceRole: primary` on the primary (the CloudNativePG 1.30 line of ../shared/k8s-crds;
 * the older `role` label is deprecated), which moves to the new primary at a failover or switchover.
 */
const clusterPods = (cluster: ClusterState) => ({ 'cnpg.io/cluster': cluster.name });
const primaryPod = (cluster: ClusterState) => ({
  ...clusterPods(cluster),
  'cnpg.io/instanceRole': 'primary',
});

export function renderDatabaseCluster(
  cluster: ClusterState,
  storageClass?: string,
  options: LoadBalancerOptions = {},
): KubernetesObject[] {
  const plan = cluster.size;
  const namespace = cluster.runtimeNamespace;
  const labels = labelsOf({
    customerId: cluster.customerId,
    namespace: cluster.namespace,
    kind: 'database-cluster',
    id: cluster.id,
    name: cluster.name,
  });
  const metadata = (name: string) => ({ name, namespace, labels });
  const live = cluster.databases.filter((database) => database.status !== 'deleting');
  const groups = live.flatMap((database) => Object.values(groupRoles(database.name)));
  const admin = adminUser(cluster);
  const roles = [
    ...cluster.users.map((user) => {
      if (user.status === 'deleting') return { name: user.name, ensure: 'absent' };
      const memberOf =
        user === admin
          ? []
          : user.permissions
              .filter((grant) => live.some((database) => database.name === grant.databaseName))
              .map((grant) => {
                const group = groupRoles(grant.databaseName);
                return grant.permission === 'READ_WRITE' ? group.writers : group.readers;
              });
      return {
        name: user.name,
        ensure: 'present',
        login: true,
        inherit: true,
        createdb: user === admin,
        passwordSecret: { name: userSecretName(cluster, user) },
        inRoles: memberOf,
      };
    }),
    ...groups.map((group) => ({ name: group, ensure: 'present', login: false, inherit: true })),
    // A dropped database's groups go too (CloudNativePG drops them once the database, with their grants, is gone).
    ...cluster.databases
      .filter((database) => database.status === 'deleting')
      .flatMap((database) => Object.values(groupRoles(database.name)))
      .map((group) => ({ name: group, ensure: 'absent' })),
  ];
  const cpu = `${plan.cpu}`;
  const memory = `${plan.memoryGb}G`;
  const secrets = cluster.users
    .filter((user) => user.status !== 'deleting')
    .map<KubernetesObject>((user) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      // CloudNativePG sets a role's new password when its Secret changes (the reload label).
      metadata: {
        ...metadata(userSecretName(cluster, user)),
        labels: { ...labels, 'cnpg.io/reload': 'true' },
      },
      type: 'kubernetes.io/basic-auth',
      data: {
        username: Buffer.from(user.name).toString('base64'),
        password: Buffer.from(user.password).toString('base64'),
      },
    }));
  const clusterObject: KubernetesObject = {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: {
      ...metadata(cluster.name),
      // CloudNativePG's declarative hibernation: the instances go, the volumes stay. Applied without it, the
      // annotation (ours, server-side apply) is removed and the cluster comes back.
      ...(cluster.stopped ? { annotations: { [HIBERNATION]: 'on' } } : {}),
    },
    spec: {
      instances: plan.replicas,
      imageName: `${CLOUDNATIVE_PG_IMAGE}:${cluster.patchLevelVersion}`,
      // Berth runs the grants as the superuser, whose Secret CloudNativePG keeps; customers get only their roles.
      enableSuperuserAccess: true,
      storage: { size: `${plan.storageGb}G`, ...(storageClass ? { storageClass } : {}) },
      resources: { requests: { cpu, memory }, limits: { cpu, memory } },
      inheritedMetadata: { labels },
      managed: {
        roles,
        services: {
          additional: [
            {
              selectorType: 'rw',
              serviceTemplate: {
                metadata: {
                  name: `${cluster.name}-external`,
                  labels,
                  annotations: { 'external-dns.alpha.kubernetes.io/hostname': cluster.placement.hostname },
                },
                spec: {
                  type: 'LoadBalancer',
                  ports: [{ name: 'postgres', port: cluster.placement.port, targetPort: POSTGRES_PORT }],
                },
              },
            },
          ],
        },
      },
    },
  };
  const databases = cluster.databases.map<KubernetesObject>((database) => ({
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Database',
    metadata: metadata(objectNames.databaseObject(cluster.name, kubernetesName(database.name))),
    spec: {
      cluster: { name: cluster.name },
      name: database.name,
      owner: admin.name,
      ensure: database.status === 'deleting' ? 'absent' : 'present',
      // A database the customer deletes is dropped, not kept behind.
      databaseReclaimPolicy: 'delete',
    },
  }));
  const publicPort = publicPortsPolicy(
    metadata(`${cluster.name}-public`),
    { 'cnpg.io/cluster': cluster.name },
    [POSTGRES_PORT],
  );
  // The external connection reaches the primary, as the read-write service does: Services of their own rather
  // than CloudNativePG's managed ones, to carry the load balancer's annotations and the allowlists. Its policy
  // opens every instance, so that a new primary is reachable the moment its label says so.
  const connection = renderExternalConnection(
    {
      baseName: cluster.name,
      namespace,
      labels,
      serviceSelector: primaryPod(cluster),
      policySelector: clusterPods(cluster),
    },
    cluster.externalConnection,
    options,
  );
  return [...secrets, clusterObject, ...databases, publicPort, ...connection];
}
