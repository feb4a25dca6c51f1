// Names of users and databases inside a database cluster: valid unquoted identifiers of both engines
// (PostgreSQL and MySQL), short enough for MySQL user names (32) and for a prefix on a shared PostgreSQL
// server (63), none of the names the engines keep for themselves.

export const CLUSTER_IDENTIFIER_MAX = 32;

/** The user every cluster is created with: it owns the databases and cannot be deleted. */
export const CLUSTER_ADMIN_USER = 'admin';

/** PostgreSQL keeps names starting with this for itself. */
export const RESERVED_IDENTIFIER_PREFIX = 'pg_';

/** Names the engines keep for their users (PostgreSQL and MySQL), and our admin user's. */
export const RESERVED_USER_NAMES: readonly string[] = [
  'postgres',
  'root',
  'mysql',
  'public',
  'mysql_sys',
  'replication',
  'streaming_replica',
  CLUSTER_ADMIN_USER,
];

/** Names the engines keep for their databases. */
export const RESERVED_DATABASE_NAMES: readonly string[] = [
  'postgres',
  'template0',
  'template1',
  'mysql',
  'sys',
  'information_schema',
  'performance_schema',
];

/**
 * What is wrong with a user or database name, first found first: `empty`, `too-long`, `bad-start` (not a
 * lowercase letter), `bad-character` (other than a-z, 0-9 and `_`), `reserved-prefix` (pg_), `reserved`.
 */
export type ClusterIdentifierProblem =
  'empty' | 'too-long' | 'bad-start' | 'bad-character' | 'reserved-prefix' | 'reserved';

function identifierProblem(name: string, reserved: readonly string[]): ClusterIdentifierProblem | undefined {
  if (name.length === 0) return 'empty';
  if (name.length > CLUSTER_IDENTIFIER_MAX) return 'too-long';
  if (!/^[a-z]/.test(name)) return 'bad-start';
  if (!/^[a-z0-9_]*$/.test(name)) return 'bad-character';
  if (name.startsWith(RESERVED_IDENTIFIER_PREFIX)) return 'reserved-prefix';
  if (reserved.includes(name)) return 'reserved';
  return undefined;
}

export const clusterUserNameProblem = (name: string) => identifierProblem(name, RESERVED_USER_NAMES);
export const clusterDatabaseNameProblem = (name: string) => identifierProblem(name, RESERVED_DATABASE_NAMES);
