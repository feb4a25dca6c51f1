import * as z from 'zod/mini';

// Names of users and databases inside a cluster, as the platform accepts them: unquoted identifiers of both
// engines (PostgreSQL and MySQL), at most 32 characters (MySQL's user names), none of the names the engines
// keep for themselves. Checked as they are typed, so a bad name never reaches the platform.

const maxLength = 32;
const reservedUsers = [
  'postgres',
  'root',
  'mysql',
  'public',
  'mysql_sys',
  'replication',
  'streaming_replica',
  'admin',
];
const reservedDatabases = [
  'postgres',
  'template0',
  'template1',
  'mysql',
  'sys',
  'information_schema',
  'performance_schema',
];

function identifierSchema(reserved: readonly string[]) {
  return z.string().check(
    z.minLength(1, 'Enter a name'),
    z.regex(/^[a-z]/, 'Start with a lowercase letter'),
    z.regex(/^[a-z0-9_]*$/, 'Use only lowercase letters, digits and underscores'),
    z.maxLength(maxLength, `Use at most ${maxLength} characters`),
    z.refine((name) => !name.startsWith('pg_'), 'Names starting with pg_ are reserved'),
    z.refine((name) => !reserved.includes(name), 'This name is reserved'),
  );
}

export const clusterUserNameSchema = identifierSchema(reservedUsers);
export const clusterDatabaseNameSchema = identifierSchema(reservedDatabases);

/** Says which names may be used, below the field. */
export const identifierRules = `Lowercase letters, digits and underscores; starts with a letter, at most ${maxLength} characters.`;
