import { badInput } from '../../errors.ts';
import type { DatabaseGrant } from '../../db/schema.ts';
import type { DatabaseInput, DatabaseUserInput } from '../../generated/resolvers-types.ts';
import { isAbsent, refuseRepeats } from '../workloads/patch.ts';
import { ADMIN_USER, databaseNameProblem, passwordProblem, userNameProblem } from './rules.ts';

// A cluster's databases and users as a change leaves them (API.md: keyed patches by name; a user's
// permissions keyed by database name). Create applies the same patch to an empty cluster. Nothing is written
// here: the service stores the outcome, and the driver makes the server match it.

export interface PlannedDatabase {
  id?: number;
  name: string;
  description: string | null;
  status: 'creating' | 'ready' | 'deleting';
  changed: boolean;
}

export interface PlannedUser {
  id?: number;
  name: string;
  role: 'admin' | 'user';
  /** A password to set (new user, or rotation); absent keeps the stored one. */
  newPassword?: string;
  permissions: DatabaseGrant[];
  status: 'creating' | 'updating' | 'ready' | 'deleting';
  changed: boolean;
}

export interface ClusterContents {
  databases: PlannedDatabase[];
  users: PlannedUser[];
}

const live = <T extends { status: string }>(items: T[]) => items.filter((item) => item.status !== 'deleting');

function patchDatabases(current: PlannedDatabase[], items: DatabaseInput[]): PlannedDatabase[] {
  refuseRepeats('databases', items, (item) => item.name);
  const byName = new Map(current.map((database) => [database.name, database]));
  for (const item of items) {
    const existing = byName.get(item.name);
    if (isAbsent(item)) {
      if (existing?.id === undefined) byName.delete(item.name);
      else byName.set(item.name, { ...existing, status: 'deleting', changed: true });
      continue;
    }
    const problem = databaseNameProblem(item.name);
    if (problem) throw badInput('databases.name', problem);
    const description = item.description?.trim() || null;
    if (existing && existing.status !== 'deleting') {
      if (description !== existing.description)
        byName.set(item.name, { ...existing, description, changed: true });
    } else if (existing) {
      throw badInput(
        'databases.name',
        `Database ${item.name} is being deleted; add it again once it is gone`,
      );
    } else {
      byName.set(item.name, { name: item.name, description, status: 'creating', changed: true });
    }
  }
  return [...byName.values()];
}

function patchPermissions(
  current: DatabaseGrant[],
  items: DatabaseUserInput['permissions'],
): DatabaseGrant[] {
  refuseRepeats('users.permissions', items, (item) => item.databaseName);
  const byDatabase = new Map(current.map((grant) => [grant.databaseName, grant]));
  for (const item of items) {
    if (isAbsent(item)) byDatabase.delete(item.databaseName);
    else byDatabase.set(item.databaseName, { databaseName: item.databaseName, permission: item.permission });
  }
  return [...byDatabase.values()];
}

const sameGrants = (a: DatabaseGrant[], b: DatabaseGrant[]) =>
  a.length === b.length &&
  a.every((grant) =>
    b.some((other) => other.databaseName === grant.databaseName && other.permission === grant.permission),
  );

function checkedPassword(user: string, password: string) {
  const problem = passwordProblem(password);
  if (problem) throw badInput('users.password', `User ${user}: ${problem}`);
  return password;
}

function patchUsers(
  current: PlannedUser[],
  items: DatabaseUserInput[],
  generatePassword: () => string,
): PlannedUser[] {
  refuseRepeats('users', items, (item) => item.name);
  const byName = new Map(current.map((user) => [user.name, user]));
  for (const item of items) {
    const existing = byName.get(item.name);
    if (existing?.role === 'admin') {
      if (isAbsent(item))
        throw badInput('users.name', `The ${ADMIN_USER} user of a cluster cannot be deleted`);
      if (item.permissions.length > 0) {
        throw badInput(
          'users.permissions',
          `The ${ADMIN_USER} user owns every database; its permissions cannot change`,
        );
      }
      if (item.password != null) {
        byName.set(item.name, {
          ...existing,
          newPassword: checkedPassword(item.name, item.password),
          status: 'updating',
          changed: true,
        });
      }
      continue;
    }
    if (isAbsent(item)) {
      if (existing?.id === undefined) byName.delete(item.name);
      else byName.set(item.name, { ...existing, status: 'deleting', changed: true });
      continue;
    }
    const problem = userNameProblem(item.name);
    if (problem) throw badInput('users.name', problem);
    const password = item.password == null ? undefined : checkedPassword(item.name, item.password);
    if (existing && existing.status === 'deleting') {
      throw badInput('users.name', `User ${item.name} is being deleted; add it again once it is gone`);
    }
    if (existing) {
      const permissions = patchPermissions(existing.permissions, item.permissions);
      if (password === undefined && sameGrants(permissions, existing.permissions)) continue;
      byName.set(item.name, {
        ...existing,
        permissions,
        newPassword: password,
        status: 'updating',
        changed: true,
      });
    } else {
      byName.set(item.name, {
        name: item.name,
        role: 'user',
        newPassword: password ?? generatePassword(),
        permissions: patchPermissions([], item.permissions),
        status: 'creating',
        changed: true,
      });
    }
  }
  return [...byName.values()];
}

/**
 * The cluster's contents after the patch. Permissions on a database being removed go with it; any other
 * permission must name a database the cluster keeps.
 */
export function patchClusterContents(
  current: ClusterContents,
  patch: { databases?: DatabaseInput[] | null; users?: DatabaseUserInput[] | null },
  clusterName: string,
  generatePassword: () => string,
): ClusterContents {
  const databases =
    patch.databases == null ? current.databases : patchDatabases(current.databases, patch.databases);
  const kept = new Set(live(databases).map((database) => database.name));
  const removed = new Set(
    databases.filter((database) => database.status === 'deleting').map((database) => database.name),
  );
  const patchedUsers =
    patch.users == null ? current.users : patchUsers(current.users, patch.users, generatePassword);
  const users = patchedUsers.map((user) => {
    if (user.status === 'deleting') return user;
    const permissions = user.permissions.filter((grant) => !removed.has(grant.databaseName));
    const unknown = permissions.find((grant) => !kept.has(grant.databaseName));
    if (unknown) {
      throw badInput(
        'users.permissions',
        `User ${user.name}: ${unknown.databaseName} is not a database of cluster ${clusterName}`,
      );
    }
    if (permissions.length === user.permissions.length) return user;
    return {
      ...user,
      permissions,
      status: user.status === 'creating' ? user.status : ('updating' as const),
      changed: true,
    };
  });
  return { databases, users };
}
