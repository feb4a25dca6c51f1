import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { DatabaseInput, DatabaseUserInput } from '../../generated/resolvers-types.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { queuedChanges } from '../audit/queued-change.ts';
import { DATABASE_CLUSTER_PLANS } from '../pricing/database-plans.ts';
import { planName } from '../pricing/replicated-plans.ts';
import { patchClusterContents, type ClusterContents } from './patch.ts';
import { createClusterStore, type ClusterRow } from './store.ts';

// A cluster's contents (its databases and users) as one change: read, patched (patch.ts), stored with new
// passwords encrypted, audited without them, and handed to the provisioner under the cluster's lock.

/** A password generated for a user created without one: 24 characters of base64url. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/** What the audit log records of a cluster: never a password, only that one was set. */
export function audited(cluster: ClusterRow, contents: ClusterContents | null) {
  if (!contents) return null;
  const present = <T extends { status: string }>(items: T[]) =>
    items.filter((item) => item.status !== 'deleting');
  const record: Record<string, string> = {
    name: cluster.name,
    plan: planName(DATABASE_CLUSTER_PLANS, cluster.planId),
    engine: `${cluster.engine} ${cluster.version}`,
    databases: present(contents.databases)
      .map((database) => database.name)
      .join(', '),
    users: present(contents.users)
      .map((user) =>
        user.role === 'admin'
          ? `${user.name} (admin)`
          : `${user.name} (${user.permissions.map((grant) => `${grant.databaseName} ${grant.permission}`).join(', ') || 'no access'})`,
      )
      .join('; '),
    advisor: cluster.advisorEnabled ? 'on' : 'off',
  };
  for (const user of contents.users) {
    if (user.newPassword !== undefined) record[`password of ${user.name}`] = 'changed';
  }
  return record;
}

export function createClusterChanges(deps: { provisioner: Provisioner; secretBox: SecretBox }) {
  const { provisioner, secretBox } = deps;
  const recordQueued = queuedChanges(provisioner, {
    modelName: 'CloudDatabaseCluster',
    taskKind: 'databaseCluster',
  });

  async function contentsOf(tx: Db, clusterId: number): Promise<ClusterContents> {
    const txStore = createClusterStore(tx);
    const [databases, users] = await Promise.all([
      txStore.databasesOf([clusterId]),
      txStore.usersOf([clusterId]),
    ]);
    return {
      databases: (databases.get(clusterId) ?? []).map((row) => ({ ...row, changed: false })),
      users: (users.get(clusterId) ?? []).map((row) => ({ ...row, changed: false })),
    };
  }

  /** Stores what changed of the contents (new rows, changed rows) in tx. */
  async function storeContents(tx: Db, clusterId: number, contents: ClusterContents) {
    const txStore = createClusterStore(tx);
    const changedDatabases = contents.databases.filter((database) => database.changed);
    await txStore.insertDatabases(
      changedDatabases
        .filter((database) => database.id === undefined)
        .map(({ name, description, status }) => ({ clusterId, name, description, status })),
    );
    for (const database of changedDatabases) {
      if (database.id !== undefined) {
        await txStore.updateDatabase(database.id, {
          description: database.description,
          status: database.status,
        });
      }
    }
    const changedUsers = contents.users.filter((user) => user.changed);
    await txStore.insertUsers(
      changedUsers
        .filter((user) => user.id === undefined)
        .map((user) => ({
          clusterId,
          name: user.name,
          role: user.role,
          passwordEncrypted: secretBox.encryptSecret(user.newPassword ?? generatePassword()),
          permissions: user.permissions,
          status: user.status,
        })),
    );
    for (const user of changedUsers) {
      if (user.id === undefined) continue;
      await txStore.updateUser(user.id, {
        permissions: user.permissions,
        status: user.status,
        ...(user.newPassword === undefined
          ? {}
          : { passwordEncrypted: secretBox.encryptSecret(user.newPassword) }),
      });
    }
  }

  /** Applies a patch of databases and users to a locked cluster: stored, audited, handed to the provisioner. */
  async function change(
    tx: Db,
    account: AccountWithCustomer,
    cluster: ClusterRow,
    patch: { databases?: DatabaseInput[] | null; users?: DatabaseUserInput[] | null },
  ) {
    const before = await contentsOf(tx, cluster.id);
    const after = patchClusterContents(before, patch, cluster.name, generatePassword);
    await storeContents(tx, cluster.id, after);
    const updated = await createClusterStore(tx).update(cluster.id, { state: 'updating', locked: true });
    await recordQueued(tx, account, 'update', cluster, audited(cluster, before), audited(updated, after));
    return updated;
  }

  return { contentsOf, storeContents, change, recordQueued };
}

export type ClusterChanges = ReturnType<typeof createClusterChanges>;
