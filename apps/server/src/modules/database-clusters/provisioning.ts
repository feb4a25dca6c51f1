import type { Db } from '../../db/client.ts';
import type { ClusterState, DatabaseClusterDriver } from '../../provisioning/database-cluster-driver.ts';
import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { externalConnectionState } from '../external-connections/state.ts';
import { createNamespaceStore } from '../namespaces/store.ts';
import { findPlan, findVersion } from './rules.ts';
import { createClusterStore, type ClusterRow } from './store.ts';

/** The cluster's whole desired state as its driver takes it (passwords in plain text, in memory only). */
export async function desiredState(tx: Db, cluster: ClusterRow, secretBox: SecretBox): Promise<ClusterState> {
  const store = createClusterStore(tx);
  const [databases, users, namespace, externalConnection] = await Promise.all([
    store.databasesOf([cluster.id]),
    store.usersOf([cluster.id]),
    createNamespaceStore(tx).findAnyById(cluster.namespaceId),
    externalConnectionState(tx, 'database-cluster', cluster.id),
  ]);
  if (!namespace) throw new Error(`cluster ${cluster.id}: namespace ${cluster.namespaceId} is gone`);
  const plan = findPlan(cluster.planId);
  if (!plan) throw new Error(`cluster ${cluster.id}: unknown plan ${cluster.planId}`);
  const version = findVersion(cluster.engine, cluster.version);
  if (!version)
    throw new Error(`cluster ${cluster.id}: unknown version ${cluster.engine} ${cluster.version}`);
  return {
    id: cluster.id,
    name: cluster.name,
    namespace: namespace.name,
    runtimeNamespace: namespace.internalName,
    customerId: namespace.customerId,
    engine: cluster.engine,
    version: cluster.version,
    patchLevelVersion: version.patchLevelVersion,
    size: { cpu: plan.cpu, memoryGb: plan.memoryGb, storageGb: plan.storageGb, replicas: plan.replicas },
    placement: { hostname: cluster.hostname, port: cluster.port, namePrefix: cluster.namePrefix },
    stopped: cluster.stoppedUnpaid,
    externalConnection,
    databases: (databases.get(cluster.id) ?? []).map(({ name, status }) => ({ name, status })),
    users: (users.get(cluster.id) ?? []).map((user) => ({
      name: user.name,
      role: user.role,
      password: secretBox.decryptSecret(user.passwordEncrypted),
      permissions: user.permissions,
      status: user.status,
    })),
  };
}

/**
 * Database cluster → its own driver (not the runtime's: DATABASE_CLUSTERS_DRIVER): the server is made to
 * match the desired state, then removed users and databases are forgotten and the cluster runs.
 */
export function databaseClusterProvisioning(
  driver: DatabaseClusterDriver,
  secretBox: SecretBox,
): ResourceHandler {
  return {
    async apply(tx, _runtime, id, action) {
      const store = createClusterStore(tx);
      const cluster = await store.findAnyById(id);
      if (!cluster) return;
      const state = await desiredState(tx, cluster, secretBox);
      if (action === 'delete') {
        await driver.delete(state);
        await store.remove(cluster.id);
        return;
      }
      await driver.apply(state);
      await store.settleChildren(cluster.id);
      await store.update(cluster.id, { state: cluster.stoppedUnpaid ? 'stopped' : 'running', locked: false });
    },
    async fail(tx, id) {
      await createClusterStore(tx).update(id, { state: 'failed', locked: false });
    },
  };
}
