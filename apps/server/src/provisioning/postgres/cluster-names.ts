import { adminUser, type ClusterState } from '../database-cluster-driver.ts';

// Every cluster on the shared server lives in a name space of its own: `c<id>_` before each of its database
// and role names. Short, so a 32-character name with its suffix stays within PostgreSQL's 63 bytes.
export const clusterPrefix = (id: number) => `c${id}_`;

const MAX_NAME_BYTES = 63;

/**
 * The cluster's prefix, checked against its placement: a cluster placed by another driver has no prefix,
 * and its names could be anyone's on this server.
 */
export function placedPrefix(cluster: Pick<ClusterState, 'id' | 'placement'>): string {
  const prefix = clusterPrefix(cluster.id);
  if (cluster.placement.namePrefix !== prefix) {
    throw new Error(
      `cluster ${cluster.id} was not placed by the postgres driver (name prefix "${cluster.placement.namePrefix}", expected "${prefix}")`,
    );
  }
  return prefix;
}

/** The LIKE pattern of every name of a prefix (its `_` escaped, or `c1_` would also match `c12`'s names). */
export const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

export interface ClusterNames {
  prefix: string;
  /** The role of the cluster's admin user, which owns the cluster's databases. */
  admin: string;
  database(name: string): string;
  user(name: string): string;
  /** The group roles of a database's READ_ONLY and READ_WRITE users. */
  readers(database: string): string;
  writers(database: string): string;
}

/**
 * The names a cluster has on the server. The group roles end in `:ro` / `:rw`, which no user name can
 * (they are [a-z][a-z0-9_]*): `<db>_ro` would be the role of a user called that.
 */
export function clusterNames(cluster: ClusterState): ClusterNames {
  const prefix = placedPrefix(cluster);
  const named = (name: string) => {
    const full = `${prefix}${name}`;
    // PostgreSQL would cut a longer name short without an error, and two names could become one.
    if (Buffer.byteLength(full) > MAX_NAME_BYTES) throw new Error(`name ${full} is longer than 63 bytes`);
    return full;
  };
  return {
    prefix,
    admin: named(adminUser(cluster).name),
    database: named,
    user: named,
    readers: (database) => named(`${database}:ro`),
    writers: (database) => named(`${database}:rw`),
  };
}
