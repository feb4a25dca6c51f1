import type pg from 'pg';
import { prefixPattern, type ClusterNames } from './cluster-names.ts';

// The server-wide objects of a cluster (roles, databases, memberships), each made to exist as wanted
// whether or not an earlier attempt got to it.

const identifier = (client: pg.ClientBase) => (name: string) => client.escapeIdentifier(name);

async function roleExists(client: pg.ClientBase, role: string): Promise<boolean> {
  const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  return found.rows.length > 0;
}

export async function existingRoles(client: pg.ClientBase, roles: string[]): Promise<string[]> {
  const found = await client.query<{ name: string }>(
    'SELECT rolname AS name FROM pg_roles WHERE rolname = ANY($1::text[])',
    [roles],
  );
  return found.rows.map((row) => row.name);
}

/**
 * The admin URL's role acts as each cluster role: it creates databases owned by the admin, declares
 * default privileges for the writers, takes back what users owned. A superuser can already; a role with
 * CREATEROLE (and CREATEDB) makes itself a member of each role it creates.
 */
async function actAs(client: pg.ClientBase, role: string): Promise<void> {
  const found = await client.query<{ member: boolean }>(
    "SELECT pg_has_role(current_user, $1, 'USAGE') AS member",
    [role],
  );
  if (!found.rows[0]?.member) await client.query(`GRANT ${client.escapeIdentifier(role)} TO CURRENT_USER`);
}

/**
 * Creates the login role, or sets its password again (a reset is the same statement as a repeat). A role of
 * a stopped cluster keeps its password but may not log in, and its open sessions end.
 */
export async function ensureLogin(
  client: pg.ClientBase,
  role: string,
  password: string,
  login: 'LOGIN' | 'NOLOGIN',
): Promise<void> {
  const verb = (await roleExists(client, role)) ? 'ALTER' : 'CREATE';
  await client.query(
    `${verb} ROLE ${client.escapeIdentifier(role)} ${login} PASSWORD ${client.escapeLiteral(password)}`,
  );
  await actAs(client, role);
  if (login === 'NOLOGIN') {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
  }
}

async function ensureGroup(client: pg.ClientBase, role: string): Promise<void> {
  if (!(await roleExists(client, role)))
    await client.query(`CREATE ROLE ${client.escapeIdentifier(role)} NOLOGIN`);
  await actAs(client, role);
}

/** The database, owned by the admin, reached only by its groups (and the admin, as its owner). */
export async function ensureDatabase(
  client: pg.ClientBase,
  names: ClusterNames,
  name: string,
): Promise<void> {
  const id = identifier(client);
  const database = id(names.database(name));
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [names.database(name)]);
  await client.query(
    found.rows.length > 0
      ? `ALTER DATABASE ${database} OWNER TO ${id(names.admin)}`
      : `CREATE DATABASE ${database} OWNER ${id(names.admin)}`,
  );
  await client.query(`REVOKE CONNECT, TEMPORARY ON DATABASE ${database} FROM PUBLIC`);
  await ensureGroup(client, names.readers(name));
  await ensureGroup(client, names.writers(name));
  await client.query(`GRANT CONNECT ON DATABASE ${database} TO ${id(names.readers(name))}`);
  await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO ${id(names.writers(name))}`);
}

export async function dropDatabase(client: pg.ClientBase, names: ClusterNames, name: string): Promise<void> {
  const id = identifier(client);
  await client.query(`DROP DATABASE IF EXISTS ${id(names.database(name))} WITH (FORCE)`);
  await client.query(`DROP ROLE IF EXISTS ${id(names.readers(name))}, ${id(names.writers(name))}`);
}

export async function dropRoles(client: pg.ClientBase, roles: string[]): Promise<void> {
  if (roles.length > 0) await client.query(`DROP ROLE IF EXISTS ${roles.map(identifier(client)).join(', ')}`);
}

/** Makes the role's memberships among the cluster's roles exactly `groups`. */
export async function setMemberships(client: pg.ClientBase, prefix: string, role: string, groups: string[]) {
  const id = identifier(client);
  const current = await client.query<{ name: string }>(
    `SELECT g.rolname AS name FROM pg_auth_members m
     JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
     WHERE r.rolname = $1 AND g.rolname LIKE $2`,
    [role, prefixPattern(prefix)],
  );
  const had = new Set(current.rows.map((row) => row.name));
  for (const group of had) {
    if (!groups.includes(group)) await client.query(`REVOKE ${id(group)} FROM ${id(role)}`);
  }
  for (const group of new Set(groups)) {
    if (!had.has(group)) await client.query(`GRANT ${id(group)} TO ${id(role)}`);
  }
}
