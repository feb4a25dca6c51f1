import { DATABASE_CLUSTER_PLANS, type DatabaseClusterPlan } from '../pricing/database-plans.ts';
import { ENGINE_VERSIONS, type EngineVersion } from './versions.ts';

// Names of users and databases inside a cluster: valid unquoted identifiers of both engines, short enough
// for MySQL user names (32) and for a prefix on a shared PostgreSQL server (63).
const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
export const MAX_IDENTIFIER = 32;
export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 128;

/** The user every cluster is created with: it owns the databases and cannot be deleted. */
export const ADMIN_USER = 'admin';

// Names the engines keep for themselves (PostgreSQL and MySQL), and our admin user's.
const RESERVED_USERS = new Set([
  'postgres',
  'root',
  'mysql',
  'public',
  'mysql_sys',
  'replication',
  'streaming_replica',
  ADMIN_USER,
]);
const RESERVED_DATABASES = new Set([
  'postgres',
  'template0',
  'template1',
  'mysql',
  'sys',
  'information_schema',
  'performance_schema',
]);

function identifierProblem(name: string, what: 'user' | 'database'): string | null {
  if (name.length === 0) return `${what} name is required`;
  if (name.length > MAX_IDENTIFIER) return `${what} name ${name} is longer than ${MAX_IDENTIFIER} characters`;
  if (!IDENTIFIER.test(name)) {
    return `${what} name ${name} must contain only lowercase letters, digits and underscores and start with a letter`;
  }
  if (name.startsWith('pg_') || (what === 'user' ? RESERVED_USERS : RESERVED_DATABASES).has(name)) {
    return `${what} name ${name} is reserved`;
  }
  return null;
}

export const userNameProblem = (name: string) => identifierProblem(name, 'user');
export const databaseNameProblem = (name: string) => identifierProblem(name, 'database');

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return `password must be at least ${MIN_PASSWORD} characters`;
  if (password.length > MAX_PASSWORD) return `password must be at most ${MAX_PASSWORD} characters`;
  return null;
}

export const findPlan = (id: string): DatabaseClusterPlan | undefined =>
  DATABASE_CLUSTER_PLANS.find((plan) => plan.id === id);

/** The engine version of a spec, matched case-insensitively on the type (`PostgreSQL`, `postgresql`). */
export const findVersion = (type: string, version: string): EngineVersion | undefined =>
  ENGINE_VERSIONS.find((candidate) => candidate.type === type.toLowerCase() && candidate.version === version);
