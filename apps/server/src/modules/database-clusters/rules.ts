import {
  CLUSTER_ADMIN_USER,
  CLUSTER_IDENTIFIER_MAX,
  clusterDatabaseNameProblem,
  clusterUserNameProblem,
  type ClusterIdentifierProblem,
} from '@berth/rules';
import { DATABASE_CLUSTER_PLANS, type DatabaseClusterPlan } from '../pricing/database-plans.ts';
import { ENGINE_VERSIONS, type EngineVersion } from './versions.ts';

export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 128;

/** The user every cluster is created with: it owns the databases and cannot be deleted. */
export const ADMIN_USER = CLUSTER_ADMIN_USER;

// Names of users and databases inside a cluster: the rule (identifiers of both engines, the names they
// keep) is @berth/rules'; the messages are the API's.
function identifierMessage(
  name: string,
  what: 'User' | 'Database',
  problem: ClusterIdentifierProblem | undefined,
): string | null {
  switch (problem) {
    case undefined:
      return null;
    case 'empty':
      return `${what} name is required`;
    case 'too-long':
      return `${what} name ${name} is longer than ${CLUSTER_IDENTIFIER_MAX} characters`;
    case 'bad-start':
    case 'bad-character':
      return `${what} name ${name} must contain only lowercase letters, digits and underscores and start with a letter`;
    case 'reserved-prefix':
    case 'reserved':
      return `${what} name ${name} is reserved`;
  }
}

export const userNameProblem = (name: string) =>
  identifierMessage(name, 'User', clusterUserNameProblem(name));
export const databaseNameProblem = (name: string) =>
  identifierMessage(name, 'Database', clusterDatabaseNameProblem(name));

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
