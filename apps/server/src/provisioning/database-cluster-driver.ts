import type { ExternalConnectionState } from './external-connection.ts';

// Database clusters have a driver of their own, chosen apart from the runtime's (DATABASE_CLUSTERS_DRIVER):
// `simulated`, `postgres` (real databases and roles on one PostgreSQL server) and `kubernetes`
// (CloudNativePG). Each is handed a cluster's whole desired state and makes its server match it.

export type DatabaseEngine = 'postgresql' | 'mysql';

/** Where a cluster is reached, decided by the driver when the cluster is created. */
export interface ClusterPlacement {
  hostname: string;
  port: number;
  /** Put before the cluster's database and user names on the server (a shared server's), else ''. */
  namePrefix: string;
}

export interface ClusterDatabaseState {
  name: string;
  status: 'creating' | 'ready' | 'deleting';
}

/** What a user may do in one database. */
export interface DatabaseGrant {
  databaseName: string;
  permission: 'READ_ONLY' | 'READ_WRITE';
}

export interface ClusterUserState {
  name: string;
  role: 'admin' | 'user';
  /** The plain password, as the server must have it. */
  password: string;
  /** Exactly what the user may do; the admin user owns every database whatever this says. */
  permissions: DatabaseGrant[];
  status: 'creating' | 'updating' | 'ready' | 'deleting';
}

/** A cluster's size, from its plan: per instance, and how many instances (1, or 3 for high availability). */
export interface ClusterSize {
  cpu: number;
  memoryGb: number;
  storageGb: number;
  replicas: number;
}

export interface ClusterState {
  id: number;
  name: string;
  /** The Berth namespace's name, and the cluster namespace it is on a Kubernetes runtime. */
  namespace: string;
  runtimeNamespace: string;
  customerId: number;
  engine: DatabaseEngine;
  /** The major version the customer chose, and the patch level it runs. */
  version: string;
  patchLevelVersion: string;
  /** What its plan gives it. */
  size: ClusterSize;
  placement: ClusterPlacement;
  databases: ClusterDatabaseState[];
  users: ClusterUserState[];
  /** Stopped (its plan unpaid past the grace period): everything is kept, nobody can connect. */
  stopped: boolean;
  /** Its addresses reachable from the internet, forwarded to its service port; null for none. */
  externalConnection: ExternalConnectionState | null;
}

/**
 * One finding of the advisor: a table that seems to lack an index (in one of the cluster's databases), or a
 * server setting that does not fit the cluster's plan.
 */
export type ClusterAdvisory =
  | {
      type: 'MissingIndex';
      /** `missing-index:<database>.<schema>.<table>`. */
      identifier: string;
      message: string;
      /** The database, as the customer names it (without a shared server's prefix). */
      databaseName: string;
    }
  | {
      type: 'SettingSuggestion';
      /** `setting:<name>`. */
      identifier: string;
      message: string;
    };

export interface DatabaseClusterDriver {
  readonly name: string;
  /** Why this driver cannot run clusters of this engine and version (a sentence for the customer), or null. */
  refusal(engine: DatabaseEngine, version: string): string | null;
  /** Where a new cluster will be reached (its id is already assigned). */
  placement(cluster: {
    id: number;
    name: string;
    namespace: string;
    engine: DatabaseEngine;
  }): ClusterPlacement;
  /**
   * Makes the server match the state: databases and users whose status is `deleting` are dropped, the
   * others exist, with each user's password and exactly its permissions. Idempotent: a task that failed
   * half-way is applied again from the start.
   */
  apply(cluster: ClusterState): Promise<void>;
  /** Removes the cluster's databases and users from the server; idempotent like apply. */
  delete(cluster: ClusterState): Promise<void>;
  /**
   * What the advisor finds in the running cluster: its databases' statistics and its server's settings,
   * read only (nothing is changed). Each finding's identifier is stable from one analysis to the next.
   */
  advise(cluster: ClusterState): Promise<ClusterAdvisory[]>;
  /** Releases what the driver holds (its admin connections) at shutdown. */
  close(): Promise<void>;
}

/** The user that owns the cluster's databases (every cluster has one). */
export function adminUser(cluster: ClusterState): ClusterUserState {
  const admin = cluster.users.find((user) => user.role === 'admin');
  if (!admin) throw new Error(`cluster ${cluster.id} has no admin user`);
  return admin;
}
