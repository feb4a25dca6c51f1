import { describe, expect, it } from 'vitest';
import {
  CLUSTER_ADMIN_USER,
  CLUSTER_IDENTIFIER_MAX,
  clusterDatabaseNameProblem,
  clusterUserNameProblem,
  RESERVED_DATABASE_NAMES,
  RESERVED_USER_NAMES,
} from '../src/index.ts';

describe('cluster user and database names', () => {
  it.each(['app', 'app_user', 'a1', 'shop_2024', 'a'.repeat(CLUSTER_IDENTIFIER_MAX)])(
    'accepts %s',
    (name) => {
      expect(clusterUserNameProblem(name)).toBeUndefined();
      expect(clusterDatabaseNameProblem(name)).toBeUndefined();
    },
  );

  it.each([
    ['', 'empty'],
    ['a'.repeat(CLUSTER_IDENTIFIER_MAX + 1), 'too-long'],
    ['1app', 'bad-start'],
    ['_app', 'bad-start'],
    ['App', 'bad-start'],
    ['app-user', 'bad-character'],
    ['appUser', 'bad-character'],
    ['pg_stats', 'reserved-prefix'],
    ['postgres', 'reserved'],
    ['mysql', 'reserved'],
  ] as const)('refuses %j: %s', (name, problem) => {
    expect(clusterUserNameProblem(name)).toBe(problem);
    expect(clusterDatabaseNameProblem(name)).toBe(problem);
  });

  it('gives the length before the characters', () => {
    expect(clusterUserNameProblem(`A${'a'.repeat(CLUSTER_IDENTIFIER_MAX)}`)).toBe('too-long');
  });

  it('keeps the names each engine keeps, users and databases apart', () => {
    expect(RESERVED_USER_NAMES).toContain(CLUSTER_ADMIN_USER);
    for (const name of ['root', 'public', 'replication', 'streaming_replica', 'mysql_sys', 'admin']) {
      expect(clusterUserNameProblem(name), name).toBe('reserved');
      expect(clusterDatabaseNameProblem(name), name).toBeUndefined();
    }
    for (const name of ['template0', 'template1', 'sys', 'information_schema', 'performance_schema']) {
      expect(clusterDatabaseNameProblem(name), name).toBe('reserved');
      expect(clusterUserNameProblem(name), name).toBeUndefined();
    }
    for (const name of [...RESERVED_USER_NAMES, ...RESERVED_DATABASE_NAMES])
      expect(clusterUserNameProblem(name) ?? clusterDatabaseNameProblem(name), name).toBe('reserved');
  });
});
